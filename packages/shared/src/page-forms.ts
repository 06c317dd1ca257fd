/*
 * A form of a server-rendered page posts to the page itself (`method="post"`, its `action` the
 * page's own address) with a hidden `_form` field naming it, so it works before the app has
 * started and without JavaScript. When the server does not send the visitor on, it answers the
 * page again with the form's outcome in the page's data, under `pageFormKey(name)`.
 */

/** The hidden field that names which form of the page was sent. */
export const PAGE_FORM_FIELD = '_form';

/** The forms that post to their page, by the name in their `_form` field. */
export const PAGE_FORMS = {
  signIn: 'sign-in',
  register: 'register',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  /**
   * The footer's 'Stay Updated' field, on every page. (Home's newsletter section is rendered by
   * the app once the page is idle, so it never stands without it.)
   */
  newsletter: 'newsletter',
  /** Make Offer's amount and buying date, on its page. */
  makeOffer: 'make-offer',
  /** Which notifications also come by e-mail, and how often saved-search alerts do. */
  notificationSettings: 'notification-settings',
  /** The test checkout's card details. */
  demoPayment: 'demo-payment',
  /** An agent's new listing, its photos sent as files in the order chosen. */
  addProperty: 'add-property',
} as const;

/**
 * The hidden field of the notification settings form naming the kinds it showed, so a box left
 * unticked (which a browser does not send) is saved as off, and a kind it did not show is kept.
 */
export const SHOWN_KINDS_FIELD = 'shownKinds';
export type PageFormName =
  | (typeof PAGE_FORMS)[keyof typeof PAGE_FORMS]
  | typeof UNHANDLED_PAGE_FORM;

/**
 * Where the outcome of a post the server could not perform goes (a form it does not know, or a
 * body it could not read): every page shows its message above the page.
 */
export const UNHANDLED_PAGE_FORM = 'unhandled';

/** How a form posted to its page ended, as the page shows it again. */
export type PageFormOutcome = {
  /** Which form was sent (`_form`). */
  form: string;
  /** What was typed, to show again; never a password, never a file. */
  values: Record<string, string>;
  /** The boxes of each group that were ticked (a listing's features), to tick again. */
  ticked?: Record<string, string[]>;
  /** Each field's message, as the server's schema gave it. */
  errors: Record<string, string>;
  /** A refusal that names no field (wrong password, too many attempts), else absent. */
  message?: string;
  /** It worked and the page stays: the spec's confirmation to show. */
  done?: string;
  /** The status the server answered with (a declined card's 402 reads apart from other refusals). */
  status?: number;
};

/** Where a page's data holds the outcome of its form `name`. */
export const pageFormKey = (name: string) => ['page-form', name] as const;
