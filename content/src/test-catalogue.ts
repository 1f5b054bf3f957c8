import { readFileSync } from "node:fs";
import { inject } from "vitest";
import type { Catalogue } from "./schema.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The catalogue as JSON, written once per run by test-catalogue-setup.ts. */
    contentCatalogue: string;
  }
}

/** The real catalogue for a test file, loaded once per run by the content project's global setup. */
export const testCatalogue = (): Catalogue => JSON.parse(readFileSync(inject("contentCatalogue"), "utf8")) as Catalogue;
