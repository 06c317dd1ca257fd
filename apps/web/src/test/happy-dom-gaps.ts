/*
 * Two properties browsers reflect from attributes that happy-dom 21 lacks. react-hook-form reads
 * them to tell whether a <select> was changed before the form was ready; without them it takes
 * every select as changed and keeps its first option instead of the form's value (an edited
 * House listing would show Apartment).
 */
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    // React sets it for a select's `defaultValue` (the search form's selects).
    set(this: HTMLOptionElement, selected: boolean) {
      this.toggleAttribute('selected', selected);
    },
  });
}

/*
 * Browsers know <search> (the search forms' landmark) as a plain HTMLElement; happy-dom 21 makes
 * it an HTMLUnknownElement, and React reports every such tag as a mistake.
 */
Object.defineProperty(HTMLUnknownElement.prototype, Symbol.toStringTag, {
  configurable: true,
  get(this: HTMLUnknownElement) {
    return this.localName === 'search' ? 'HTMLElement' : 'HTMLUnknownElement';
  },
});
