export * from "./contracts/catalogue.js";
export * from "./contracts/common.js";
export * from "./contracts/health.js";
export * from "./rules/certificate.js";
export * from "./rules/durations.js";
export * from "./rules/progress.js";
export * from "./rules/quiz.js";
export * from "./storage-keys.js";
