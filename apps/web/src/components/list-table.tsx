import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A column of a dashboard list's table: its heading, and where it hides on narrower screens. */
export type ListColumn = {
  label: string;
  className?: string;
  /** Said to screen readers only, over a column whose contents say what they are (buttons). */
  unseen?: boolean;
};

type ListTableProps = {
  /** The id of the list's heading, which names the table. */
  labelledBy: string;
  columns: readonly ListColumn[];
  /** The rows, one `<tr>` an item. */
  children: ReactNode;
};

/** A dashboard list as a table: teal column headings, then a row an item. */
export function ListTable({ labelledBy, columns, children }: ListTableProps) {
  return (
    <table aria-labelledby={labelledBy} className="w-full text-left text-sm">
      <thead className="bg-teal-50 text-teal-900">
        <tr>
          {columns.map(({ label, className, unseen }) => (
            <th key={label} scope="col" className={cn('px-4 py-3 font-semibold', className)}>
              {unseen ? <span className="sr-only">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-sand">{children}</tbody>
    </table>
  );
}
