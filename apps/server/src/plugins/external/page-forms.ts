import multipart from '@fastify/multipart';
import {
  ACCOUNT_RECOVERY_MESSAGES,
  LIMITS,
  MESSAGES,
  NEWSLETTER_MESSAGES,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  PAGE_FORM_FIELD,
  PAGE_FORMS,
  type PageFormOutcome,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  SHOWN_KINDS_FIELD,
  UNHANDLED_PAGE_FORM,
  ZResetPasswordForm,
} from '@keyhaven/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BODY_LIMITS } from '../../lib/body-limits.js';
import { pageRenderMark } from '../../lib/page-render-mark.js';

/** What a page form's handler decides: send the visitor on, or answer the page again. */
export type PageFormResult =
  | { redirect: string }
  | { status: number; outcome: Omit<PageFormOutcome, 'form'> };

/** A file sent with a page form (the registration's photo, a new listing's photos). */
type SentFile = { data: Buffer; filename: string; mimetype: string };

/** What a page form sent. */
type SentForm = {
  /** Each field's first value. */
  fields: Record<string, string>;
  /** Every value of each field, in the order sent: the ticked boxes of a group. */
  lists: Record<string, string[]>;
  /** The files of each file field, in the order chosen. */
  files: Record<string, SentFile[]>;
};

type ApiAnswer = { status: number; body: Record<string, unknown>; cookies: string[] };

type PageFormContext = SentForm & {
  request: FastifyRequest;
  /**
   * Calls an API route inside this server as the visitor: their cookie (plus any the form's
   * earlier calls set), address and origin, so every access rule, limit, throttle and
   * same-origin check of that route applies as if the app had called it.
   */
  callApi: (
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload: Record<string, unknown> | { file: SentFile; field: string },
  ) => Promise<ApiAnswer>;
};

type PageFormHandler = (context: PageFormContext) => Promise<PageFormResult>;

/** The fields never shown again: a password, a card's number and code, and the form's own name. */
const NOT_ECHOED = /password|^cardNumber$|^cvc$|^_form$/i;

/** What a form sent, minus what must never be written back into a page. */
const echoed = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => !NOT_ECHOED.test(name)));

/** A path of this site: one slash, never `//` or `/\`, which a browser reads as another site. */
const OWN_PATH = /^\/(?![/\\])/;

/** The longest address the login page sends a visitor back to (as the web's `returnPathFrom`). */
const RETURN_PATH_MAX_LENGTH = 512;

/**
 * Where signing in sends the visitor: the page's own `returnTo` when it is an address of this
 * site (never another site's, which would make the login page a redirector), else Home.
 */
function returnPathOf(request: FastifyRequest): string {
  const value = new URL(request.url, 'http://keyhaven.invalid').searchParams.get('returnTo');
  if (!value || value.length > RETURN_PATH_MAX_LENGTH || !OWN_PATH.test(value)) return '/';
  return new URL(value, 'http://keyhaven.invalid').pathname === '/login' ? '/' : value;
}

/** An API refusal as the page shows it: each field's message, else the one message. */
function refusal(answer: ApiAnswer, fields: Record<string, string>): PageFormResult {
  const errors = (answer.body.fields as Record<string, string> | undefined) ?? {};
  const message = typeof answer.body.error === 'string' ? answer.body.error : undefined;
  const named = Object.keys(errors).length > 0;
  return {
    status: answer.status,
    outcome: { values: echoed(fields), errors, ...(named ? {} : { message }) },
  };
}

const ok = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;

/** The `name=value` of each cookie an answer set, to send with the next call. */
const cookiePairs = (setCookies: string[]) =>
  setCookies.map((cookie) => cookie.split(';')[0] ?? '').filter(Boolean);

/** The signed-in person's profile page. */
const PROFILE_PATH = '/dashboard';

/** Where a buyer goes once their offer is made: their wishlist, where it shows 'Offer Requested'. */
const WISHLIST_PATH = '/dashboard/wishlist';

/**
 * Where an agent goes once their listing is added: My Properties, where it shows first, pending
 * approval (the app's 'Property Added!' dialog offers the same page).
 */
const MY_PROPERTIES_PATH = '/dashboard/my-properties';

/** The page whose form adds a listing, and so may carry a listing's photos. */
const ADD_PROPERTY_PATH = '/dashboard/add-property';

/** The last segment of the page's path: the listing or checkout it is about. */
const lastSegmentOf = (request: FastifyRequest) =>
  decodeURIComponent(request.url.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? '');

/** Each form that posts to its page, by its `_form` name. */
const HANDLERS: Record<string, PageFormHandler> = {
  [PAGE_FORMS.signIn]: async ({ request, fields, callApi }) => {
    const answer = await callApi('POST', '/auth/login', {
      email: fields.email ?? '',
      password: fields.password ?? '',
    });
    if (ok(answer)) return { redirect: returnPathOf(request) };
    return refusal(answer, fields);
  },

  [PAGE_FORMS.register]: async ({ fields, files, callApi }) => {
    const { name, email, phone, country, birth, password } = fields;
    const answer = await callApi('POST', '/auth/register', {
      name,
      email,
      phone,
      country,
      birth,
      password,
      photo: null,
    });
    // An address already registered is the e-mail field's problem, as the app shows it.
    if (answer.status === 409 && typeof answer.body.error === 'string') {
      return {
        status: 409,
        outcome: { values: echoed(fields), errors: { email: answer.body.error } },
      };
    }
    if (!ok(answer)) return refusal(answer, fields);
    // As the app does: uploading takes an account, so the photo goes up once registration has
    // signed the person in, as their own upload, and is then saved to their profile. A photo
    // that fails leaves the account as it is, without one.
    const photo = files.photo?.[0];
    if (photo) {
      const upload = await callApi('POST', '/api/uploads?purpose=avatar', {
        file: photo,
        field: 'image',
      });
      const url = (upload.body.data as { url?: string } | undefined)?.url;
      // Their profile, where the photo is missing and can be chosen again.
      if (!ok(upload) || !url) return { redirect: PROFILE_PATH };
      const saved = await callApi('PATCH', '/api/profile/photo', { photo: url });
      if (!ok(saved)) return { redirect: PROFILE_PATH };
    }
    return { redirect: '/' };
  },

  [PAGE_FORMS.forgotPassword]: async ({ fields, callApi }) => {
    const answer = await callApi('POST', '/auth/forgot-password', { email: fields.email ?? '' });
    if (!ok(answer)) return refusal(answer, fields);
    return {
      status: 200,
      outcome: { values: {}, errors: {}, done: ACCOUNT_RECOVERY_MESSAGES.forgotSent },
    };
  },

  [PAGE_FORMS.resetPassword]: async ({ fields, callApi }) => {
    // The same checks as the page's form, the password typed twice included, before the API's.
    const parsed = ZResetPasswordForm.safeParse(fields);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      // A link without its token cannot set a password: the page says so as the app would.
      if (errors.token) {
        return {
          status: 400,
          outcome: { values: {}, errors: {}, message: ACCOUNT_RECOVERY_MESSAGES.resetInvalid },
        };
      }
      return { status: 400, outcome: { values: echoed(fields), errors } };
    }
    const answer = await callApi('POST', '/auth/reset-password', {
      token: parsed.data.token,
      password: parsed.data.password,
    });
    if (!ok(answer)) return refusal(answer, fields);
    return {
      status: 200,
      outcome: { values: {}, errors: {}, done: ACCOUNT_RECOVERY_MESSAGES.resetDone },
    };
  },

  [PAGE_FORMS.newsletter]: subscribe,

  [PAGE_FORMS.makeOffer]: async ({ request, fields, callApi }) => {
    const propertyId = encodeURIComponent(lastSegmentOf(request));
    // The API checks who may offer (buyers only), the listing's state and the amount and date.
    const answer = await callApi('PATCH', `/make-offer/${propertyId}`, {
      offerAmount: fields.offerAmount ?? '',
      selectedDate: fields.selectedDate ?? '',
    });
    if (!ok(answer)) return refusal(answer, fields);
    // As the app does: the listing stays on the buyer's wishlist, where they are sent; a failed
    // save does not undo the offer.
    await callApi('PATCH', `/properties/${propertyId}/wishlist`, { wishlistStatus: 'true' });
    return { redirect: WISHLIST_PATH };
  },

  [PAGE_FORMS.notificationSettings]: async ({ fields, callApi }) => {
    // A browser sends only the ticked boxes: each kind the page showed and did not send is off.
    const shown = (fields[SHOWN_KINDS_FIELD] ?? '').split(',');
    const kinds = NOTIFICATION_KINDS.filter((kind) => shown.includes(kind));
    const answer = await callApi('PUT', '/api/notification-settings', {
      email: Object.fromEntries(kinds.map((kind) => [kind, fields[kind] !== undefined])),
      ...(fields.searchAlerts ? { searchAlerts: fields.searchAlerts } : {}),
    });
    if (!ok(answer)) return refusal(answer, fields);
    return {
      status: 200,
      outcome: { values: {}, errors: {}, done: NOTIFICATION_MESSAGES.settingsSaved },
    };
  },

  [PAGE_FORMS.addProperty]: addProperty,

  [PAGE_FORMS.demoPayment]: async ({ request, fields, callApi }) => {
    const sessionId = encodeURIComponent(lastSegmentOf(request));
    const answer = await callApi('POST', `/api/payment/demo/${sessionId}/pay`, {
      cardNumber: fields.cardNumber ?? '',
      expiry: fields.expiry ?? '',
      cvc: fields.cvc ?? '',
      name: fields.name ?? '',
    });
    if (!ok(answer)) return refusal(answer, fields);
    // The payment's result page; never another site's address.
    const next = String(answer.body.redirectUrl ?? '');
    return { redirect: OWN_PATH.test(next) ? next : '/' };
  },
};

/** The listing the Add Property form describes, as the API takes it (numbers in its digits). */
function listingOf({ fields, lists }: SentForm) {
  return {
    title: fields.title,
    description: fields.description,
    location: fields.location,
    propertyType: fields.propertyType,
    minPrice: fields.minPrice,
    maxPrice: fields.maxPrice,
    bedrooms: fields.bedrooms,
    bathrooms: fields.bathrooms,
    areaSize: fields.areaSize,
    features: lists.features ?? [],
  };
}

/** The Add Property form as it was sent, to show again: its fields and its ticked features. */
function listingShownAgain({ fields, lists }: SentForm) {
  const { features: _features, ...values } = echoed(fields);
  return { values, ticked: { features: lists.features ?? [] } };
}

/** The form `name` as it was sent, to show again. */
const shownAgain = (name: string, sent: SentForm) =>
  name === PAGE_FORMS.addProperty ? listingShownAgain(sent) : { values: echoed(sent.fields) };

/**
 * The API's refusal of a listing as the page shows it. Without the app the photos are one file
 * field, so a photo's own message (`photos.2.url`) is shown under it.
 */
function listingRefusal(
  answer: ApiAnswer,
  sent: SentForm,
  { photosLeftOut }: { photosLeftOut: boolean },
): PageFormResult {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(
    (answer.body.fields as Record<string, string> | undefined) ?? {},
  )) {
    const field = name.startsWith('photos.') ? 'photos' : name;
    // Asked without them, the API misses the photos the agent did choose.
    if (field === 'photos' && photosLeftOut) continue;
    errors[field] ??= message;
  }
  const named = Object.keys(errors).length > 0;
  const message = typeof answer.body.error === 'string' ? answer.body.error : undefined;
  return {
    status: answer.status,
    outcome: { ...listingShownAgain(sent), errors, ...(named ? {} : { message }) },
  };
}

/** A photo the API would not store: the file's own problem (its type, its size) names it. */
function photoRefusal(answer: ApiAnswer, photo: SentFile, sent: SentForm): PageFormResult {
  const status = answer.status >= 400 ? answer.status : 502;
  const message =
    typeof answer.body.error === 'string' ? answer.body.error : MESSAGES.upload.failed;
  const itsOwn = status === 400 || status === 413 || status === 415;
  return {
    status,
    outcome: {
      ...listingShownAgain(sent),
      errors: itsOwn ? { photos: `${photo.filename}: ${message}` } : {},
      ...(itsOwn ? {} : { message }),
    },
  };
}

/**
 * Add Property: the photos go up as the agent's own uploads, in the order chosen (as the app
 * uploads each as it is chosen), then the listing is added with them, the cover described by
 * the title as the API describes a photo nobody described. First, though, the listing is sent
 * without photos, which the API always refuses, for them alone when all else is right: so who
 * may list (agents in good standing) and each field's message come from the API before any photo
 * is uploaded, and a refused form leaves nothing behind.
 */
async function addProperty(context: PageFormContext): Promise<PageFormResult> {
  const { files, callApi } = context;
  const photos = files.photos ?? [];
  const listing = listingOf(context);
  const asked = await callApi('POST', '/api/properties', listing);
  if (ok(asked)) return { redirect: MY_PROPERTIES_PATH };
  const refused = Object.keys((asked.body.fields as Record<string, string> | undefined) ?? {});
  const onlyPhotosMissing = asked.status === 400 && refused.join() === 'photos';
  if (photos.length === 0 || !onlyPhotosMissing) {
    return listingRefusal(asked, context, { photosLeftOut: photos.length > 0 });
  }

  const urls: string[] = [];
  for (const photo of photos) {
    const upload = await callApi('POST', '/api/uploads?purpose=listing', {
      file: photo,
      field: 'image',
    });
    const url = ok(upload) ? (upload.body.data as { url?: string } | undefined)?.url : undefined;
    // The photos already up are nobody's listing's: the uploads sweep removes them a day later.
    if (!url) return photoRefusal(upload, photo, context);
    urls.push(url);
  }
  const title = (listing.title ?? '').trim();
  const added = await callApi('POST', '/api/properties', {
    ...listing,
    photos: urls.map((url, index) => ({
      url,
      // The cover must be described; the others the API describes from the title as it shows them.
      alt: index === 0 ? PHOTO_MESSAGES.defaultAlt(title, 1, urls.length) : null,
    })),
  });
  if (ok(added)) return { redirect: MY_PROPERTIES_PATH };
  return listingRefusal(added, context, { photosLeftOut: false });
}

/** The footer's newsletter field: the answer reads the same whether or not the address was on the list. */
async function subscribe({ fields, callApi }: PageFormContext): Promise<PageFormResult> {
  const email = (fields.email ?? '').trim();
  if (!email) {
    return {
      status: 400,
      outcome: { values: {}, errors: { email: NEWSLETTER_MESSAGES.emailRequired } },
    };
  }
  const answer = await callApi('POST', '/api/subscribe', { email });
  if (!ok(answer)) return refusal(answer, fields);
  return {
    status: 200,
    outcome: { values: {}, errors: {}, done: NEWSLETTER_MESSAGES.confirmSent },
  };
}

/** A multipart body for an inner upload, as a browser would send it. */
function multipartBody(field: string, file: SentFile) {
  const boundary = `----keyhaven-page-form-${Date.now().toString(36)}`;
  const safeName = file.filename.replace(/["\r\n]/g, '_') || 'photo';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${safeName}"\r\nContent-Type: ${file.mimetype}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** The visitor's headers an inner API call carries; the body's own are set per call. */
const NOT_FORWARDED = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'cookie',
  'accept',
  'x-forwarded-for',
]);

/** What the page says of a body the multipart parser refused: too many files, else too large. */
const unreadableMessage = (error: unknown) =>
  (error as { code?: unknown }).code === 'FST_FILES_LIMIT'
    ? PHOTO_MESSAGES.tooMany
    : MESSAGES.upload.tooLarge;

/**
 * The form's fields and files from a urlencoded or multipart body, and, when it could not be
 * read whole, why (what was read before stays, to show again). A file over a photo's size, or
 * files together over what a listing's photos may weigh, stop the form, but the rest of the body
 * is still read (and dropped), so the browser gets the page's answer after sending it all.
 */
async function readForm(
  request: FastifyRequest,
  fileLimits: FileLimits,
): Promise<SentForm & { problem?: string }> {
  const sent: SentForm = { fields: {}, lists: {}, files: {} };
  const addField = (name: string, sentValue: string) => {
    // A browser sends a text area's line breaks as CR LF; the app sends what it holds, LF.
    const value = sentValue.replace(/\r\n?/g, '\n');
    sent.fields[name] ??= value;
    sent.lists[name] = [...(sent.lists[name] ?? []), value];
  };
  if (!request.isMultipart()) {
    // Urlencoded, its fields in the order sent; or a JSON object.
    const { body } = request;
    const entries = Array.isArray(body)
      ? body
      : body && typeof body === 'object'
        ? Object.entries(body)
        : [];
    for (const [name, value] of entries) if (typeof value === 'string') addField(name, value);
    return sent;
  }
  let problem: string | undefined;
  let filesBytes = 0;
  try {
    for await (const part of request.parts({ limits: fileLimits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') addField(part.fieldname, part.value);
        continue;
      }
      if (problem) {
        await part.toBuffer();
        continue;
      }
      const data = await part.toBuffer();
      filesBytes += data.length;
      if (part.file.truncated) problem = MESSAGES.upload.tooLarge;
      else if (filesBytes > PHOTO_LIMITS.postedTogetherMaxBytes) {
        problem = PHOTOS_TOO_LARGE_TOGETHER;
      }
      // A file input left empty still sends a part, with no name and no bytes.
      else if (data.length > 0) {
        const file = { data, filename: part.filename, mimetype: part.mimetype };
        sent.files[part.fieldname] = [...(sent.files[part.fieldname] ?? []), file];
      }
    }
  } catch (error) {
    return { ...sent, problem: unreadableMessage(error) };
  }
  return { ...sent, problem };
}

/**
 * How many fields a page form may send: the Add Property form's ten and its eleven features,
 * with room to spare.
 */
const MAX_FIELDS = 32;

type FileLimits = { files: number; parts: number };

/** Any page form with a file: one photo (the registration's). */
const ONE_FILE: FileLimits = { files: 1, parts: MAX_FIELDS + 1 };

/**
 * Add Property, posted by a signed-in agent: a listing's photos. Anyone else posting there is
 * held to one file, so a visitor without the right cannot make the server read a listing's
 * weight of photos only to be refused.
 */
const LISTING_FILES: FileLimits = {
  files: PHOTO_LIMITS.maxPerListing,
  parts: MAX_FIELDS + PHOTO_LIMITS.maxPerListing,
};

/**
 * Page forms post to their own page (`POST /login`, `POST /register`...): the Remix-style
 * "action" of that page. The form names itself in `_form`; its handler performs it through the
 * API routes the app calls, as the visitor, and either sends them on (303) or answers the page
 * again with the outcome, rendered with the values sent (never a password) and the messages in
 * place. So every form works the moment its page appears, before or without the app's script,
 * and nothing sent ever lands in an address.
 */
export async function pageFormsRoutes(
  app: FastifyInstance,
  options: { isPagePath: (pathname: string) => boolean },
) {
  // Inside this plugin only, so no other route accepts urlencoded or multipart bodies. A
  // urlencoded body is bounded by the route's limit; a multipart one (the forms with files) by
  // these: a photo's size for each file, one file unless an agent adds a listing (then a
  // listing's photos, and their weight together, see readForm), and a listing's description for
  // the longest field.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, [...new URLSearchParams(body as string)]),
  );
  await app.register(multipart, {
    // A file over the size is cut short and marked, not thrown: readForm reads on to the end.
    throwFileSizeLimit: false,
    limits: {
      fileSize: LIMITS.photoMaxBytes,
      ...ONE_FILE,
      fields: MAX_FIELDS,
      // Three bytes at most for each character JavaScript counts, a line break's two included.
      fieldSize: 3 * LIMITS.descriptionMaxLength,
      headerPairs: 20,
    },
  });

  function callerFor(request: FastifyRequest) {
    const forwarded = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !NOT_FORWARDED.has(name)),
    ) as Record<string, string>;
    const cookies = request.headers.cookie ? [request.headers.cookie] : [];
    const setCookies: string[] = [];
    const callApi: PageFormContext['callApi'] = async (method, url, payload) => {
      const body =
        'file' in payload && Buffer.isBuffer((payload.file as SentFile).data)
          ? multipartBody(payload.field as string, payload.file as SentFile)
          : { contentType: 'application/json', payload: JSON.stringify(payload) };
      const answer = await app.inject({
        method,
        url,
        remoteAddress: request.ip,
        payload: body.payload,
        headers: {
          ...forwarded,
          // The page post itself was counted against the visitor's API allowance: not again.
          ...pageRenderMark(),
          accept: 'application/json',
          'content-type': body.contentType,
          ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
        },
      });
      const setCookie = [answer.headers['set-cookie'] ?? []].flat();
      setCookies.push(...setCookie);
      cookies.push(...cookiePairs(setCookie));
      let parsed: Record<string, unknown> = {};
      try {
        parsed = answer.json();
      } catch {
        // Not JSON: nothing but the status to go on.
      }
      return { status: answer.statusCode, body: parsed, cookies: setCookie };
    };
    return { callApi, setCookies };
  }

  app.post(
    '/*',
    {
      bodyLimit: BODY_LIMITS.signIn,
      // A form may add a listing or pay for one, through the API routes that do it.
      config: { access: 'public', changesListings: true },
      // Not part of the API: a page's forms, the page answering itself (like `GET /*`).
      schema: { hide: true },
    },
    async (request, reply) => {
      // Each API route a form calls empties the listing caches itself, before it answers: by the
      // time the page answers, there is nothing left to empty.
      request.listingsUnchanged();
      const pathname = request.url.split('?')[0] ?? '/';
      if (!options.isPagePath(pathname)) return reply.callNotFound();
      const listingAllowed =
        pathname === ADD_PROPERTY_PATH && (await request.currentUser())?.role === 'agent';
      const { problem, ...form } = await readForm(
        request,
        listingAllowed ? LISTING_FILES : ONE_FILE,
      );
      const name = form.fields[PAGE_FORM_FIELD] ?? '';
      const handler = HANDLERS[name];
      if (problem) {
        // Said on the form when it is known, with what was typed; else above the page.
        return reply.sendWebApp({
          status: 413,
          pageForm: handler
            ? { form: name, status: 413, ...shownAgain(name, form), errors: {}, message: problem }
            : { form: UNHANDLED_PAGE_FORM, values: {}, errors: {}, message: problem },
        });
      }
      if (!handler) {
        return reply.sendWebApp({
          status: 400,
          pageForm: {
            form: UNHANDLED_PAGE_FORM,
            values: {},
            errors: {},
            message: PAGE_FORM_NEEDS_APP,
          },
        });
      }
      const { callApi, setCookies } = callerFor(request);
      const result = await handler({ request, ...form, callApi });
      // A session started or ended on the way goes to the browser whatever the page says.
      for (const cookie of setCookies) reply.header('set-cookie', cookie);
      if ('redirect' in result) {
        return reply.header('cache-control', 'private, no-store').redirect(result.redirect, 303);
      }
      return reply.sendWebApp({
        status: result.status,
        pageForm: { form: name, status: result.status, ...result.outcome },
      });
    },
  );
}

/** A form the server cannot perform without the app: the page says so, the visitor's input kept out. */
export const PAGE_FORM_NEEDS_APP = 'This form needs the page to finish loading. Please try again.';

/**
 * Photos posted with the listing's form, without the app, over what it may carry at once. Only
 * the server says it (the app uploads each photo as it is chosen), so it stays out of the app's
 * code.
 */
export const PHOTOS_TOO_LARGE_TOGETHER = `Photos sent with the form can be at most ${PHOTO_LIMITS.postedTogetherMaxBytes / (1024 * 1024)} MB together. Please choose fewer or smaller photos.`;
