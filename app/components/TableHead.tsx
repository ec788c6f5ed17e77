/** A table's column headings; a column named `{ hidden }` is read out but not shown (e.g. an actions column). */
export function TableHead({ columns }: { columns: (string | { hidden: string })[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.hidden} scope="col">
              <span className="visually-hidden">{column.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
