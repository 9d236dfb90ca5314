/**
 * QUALIS CAPES, Computer Science, conferences 2017-2020 (qualis-cs-confs-br/): `Sigla` (acronym),
 * `Nome do evento` (title), `Estrato` (A1...B4), one venue per row.
 */
import type { ImportResult } from "../sources/observations.ts";
import { importRankList } from "./rank-list.ts";

export function importQualis(upstreamDir: string): Promise<ImportResult> {
  return importRankList(upstreamDir, {
    source: "qualis",
    file: "qualis-cs-confs-br/CAPES-CC-2017-2020-Qualis.csv",
    system: "QUALIS",
    edition: "QUALIS2017-2020",
    columns: ["Sigla", "Nome do evento", "Estrato"],
    read: (values) => ({ acronym: values.Sigla, title: values["Nome do evento"], rank: values.Estrato }),
  });
}
