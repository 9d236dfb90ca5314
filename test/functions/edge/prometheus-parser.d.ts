/** The parser has no type declarations of its own; the part the tests read. */
declare module "parse-prometheus-text-format" {
  export interface ParsedFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: {
      value?: string;
      labels?: Record<string, string>;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
