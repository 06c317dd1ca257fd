/** Joins the truthy class names, so conditional classes read as `cn('a', active && 'b')`. */
export const cn = (...classes: Array<string | false | null | undefined>) =>
  classes.filter(Boolean).join(' ');
