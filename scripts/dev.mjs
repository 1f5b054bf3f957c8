// npm run dev: the API with hot reload (tsx watch) and Vite's dev server proxying /api to it.
import { spawn, spawnSync } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const build = spawnSync("npm", ["run", "build", "-w", "@koc/content"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn("npm", ["run", "dev", "-w", "@koc/server"], { stdio: "inherit", env: { ...process.env, PORT: apiPort } }),
  spawn("npm", ["run", "dev", "-w", "@koc/web"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && code !== 0 && stop());
