/**
 * What one request may ask of the database (issue 26): checked before any database work, so a
 * member's request cannot hold the embedded engine (which runs one statement at a time) for
 * long, nor PostgreSQL's connections. Measured on the embedded engine (docs/api.md, Limits).
 */
export const COST_LIMITS = {
  /**
   * Related records one search goes through: each step of a condition's path past the first
   * (`parentAsset.description` is 1, `formVersion.form.formType` 2), each `has` and each step of
   * a sort path through a reference. The hub's own screens use at most 4.
   */
  searchJoins: 16,
  /**
   * Rows one create or update writes: the records, plus the ids given in their reference lists
   * (each a row of a link or child table). Assigning 20 forms to 50 organisations is 1,050.
   */
  writeRows: 2000,
} as const;

/** The refusals of these limits, in the data layer's voice. */
export const costMessages = {
  tooComplex: (joins: number) =>
    `This search is too complex: it goes through related records ${joins} times, at most ${COST_LIMITS.searchJoins} are allowed. Use fewer conditions on related records or shorter paths`,
  tooManyRows: (rows: number) =>
    `Too many records in one request: ${rows} records and references, at most ${COST_LIMITS.writeRows} can be saved at once. Save them in smaller batches`,
} as const;
