/** Values bound as `$n` while a statement is assembled: `bind(v)` gives its placeholder. */
export function boundValues() {
  const values: unknown[] = [];
  return { values, bind: (value: unknown) => (values.push(value), `$${values.length}`) };
}

export type Bind = ReturnType<typeof boundValues>['bind'];
