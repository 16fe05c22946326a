/** Accented is a heading with one part in the accent colour: before, then accent, then after (each may be empty). */
export interface Accented {
  before: string;
  accent: string;
  after: string;
}
