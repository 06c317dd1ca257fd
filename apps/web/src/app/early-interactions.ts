/*
 * What a person does on a rendered page before the app has taken it over. Links, and forms that
 * post or search without the app, work as plain HTML from the first paint. Everything else (a
 * button such as Add To Wish List, Accept or Log Out, a form only the app can send) would ignore
 * the click: instead it is held, the control shows it is getting ready, and the click is made
 * again once the app is ready, with what was typed and chosen meanwhile put back. The few lines
 * of `holdEarlyInteractions` run inside the page's head (`apps/web/vite.config.ts`), before any of
 * the page is parsed; the app announces it is ready with `APP_READY_EVENT` (decision 043).
 */

/** Announced on `document` once the app has taken the page over and answers every control. */
export const APP_READY_EVENT = 'keyhaven:app-ready';

/** Announced by the page's loader when the app's code could not be loaded. */
export const APP_FAILED_EVENT = 'keyhaven:app-failed';

/**
 * A form only the app can send, though it names a method: its submit is held until the app is
 * ready. A form without a `method` is held too.
 */
export const APP_FORM_ATTRIBUTE = 'data-app-form';

/** Marks a held control until its click is made again (styled in index.css). */
export const GETTING_READY_ATTRIBUTE = 'data-getting-ready';

/**
 * Installed inside the page's head and sent as its source, so it may use nothing from outside
 * itself: its arguments are the names above.
 */
export function holdEarlyInteractions(
  readyEvent: string,
  failedEvent: string,
  appFormAttribute: string,
  gettingReadyAttribute: string,
) {
  type Held = { control: HTMLElement; busyBefore: string | null; again: () => void };
  const held: Held[] = [];
  // The last value of each field changed by hand: the app's forms start from their defaults as
  // they take the page over, and would otherwise drop what was typed.
  const entered = new Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>();
  const chosenFiles = new Set<HTMLInputElement>();

  // A form says where it goes (`method`) when the server answers it as well as the app does.
  const worksWithoutTheApp = (form: HTMLFormElement) =>
    form.hasAttribute('method') && !form.hasAttribute(appFormAttribute);

  const markGettingReady = (control: HTMLElement, again: () => void) => {
    const already = held.find((entry) => entry.control === control);
    // A second click on a control that is getting ready is the same wish, not a second one.
    if (already) {
      already.again = again;
      return;
    }
    held.push({ control, busyBefore: control.getAttribute('aria-busy'), again });
    control.setAttribute('aria-busy', 'true');
    control.setAttribute(gettingReadyAttribute, '');
  };

  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || !(event.target instanceof Element)) return;
    const control = event.target.closest<HTMLElement>(
      'button, [role="button"], input[type="submit"], input[type="button"]',
    );
    if (!control || control.closest('a[href]')) return;
    const form = (control as HTMLButtonElement).form ?? null;
    const submits =
      form &&
      (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) &&
      control.type === 'submit';
    // A form that works without the app is sent by the browser as it is.
    if (submits && worksWithoutTheApp(form)) return;
    event.preventDefault();
    event.stopPropagation();
    markGettingReady(control, () => control.click());
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || worksWithoutTheApp(form)) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    markGettingReady(submitter ?? form, () => form.requestSubmit(submitter));
  };

  const onEntry = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && field.type === 'file') {
      chosenFiles.add(field);
    } else if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
      entered.set(field, field.checked ? 'on' : '');
    } else if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      entered.set(field, field.value);
    }
  };

  /** Sets a field as typing would, so the app's own handlers see the change. */
  const putBack = (
    field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
    to: string,
  ) => {
    if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) {
      if (field.checked !== (to === 'on')) field.click();
      return;
    }
    // An app that took the field over as it was may count what was typed as its starting value
    // and see no change: it is given an empty field (through the field's own setter, which such
    // an app watches), then, as typing does, the value typed.
    field.value = '';
    const prototype = Object.getPrototypeOf(field) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, to);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const listeners: [string, EventListener][] = [
    ['click', onClick as EventListener],
    ['submit', onSubmit as EventListener],
    ['input', onEntry],
    ['change', onEntry],
  ];
  for (const [type, listener] of listeners) window.addEventListener(type, listener, true);

  const release = (replay: boolean) => {
    for (const [type, listener] of listeners) window.removeEventListener(type, listener, true);
    if (replay) {
      for (const [field, value] of entered) if (field.isConnected) putBack(field, value);
      // A file chosen before the app ran is still in its field: the app is told of it now.
      for (const field of chosenFiles) {
        if (field.isConnected && field.files?.length) {
          field.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }
    }
    const controls = held.splice(0);
    for (const { control, busyBefore } of controls) {
      control.removeAttribute(gettingReadyAttribute);
      if (busyBefore === null) control.removeAttribute('aria-busy');
      else control.setAttribute('aria-busy', busyBefore);
    }
    if (!replay) return;
    // A task later, once the app has taken in the values put back (its state settles after the
    // events that carried them), the clicks are made again in the order they came.
    setTimeout(() => {
      for (const { control, again } of controls) if (control.isConnected) again();
    });
  };
  document.addEventListener(readyEvent, () => release(true), { once: true });
  // The app failed to load: held controls stop saying they are getting ready.
  document.addEventListener(failedEvent, () => release(false), { once: true });
}

/** Tells the page's early-interaction holder that the app answers every control now. */
export function announceAppReady() {
  document.dispatchEvent(new Event(APP_READY_EVENT));
}
