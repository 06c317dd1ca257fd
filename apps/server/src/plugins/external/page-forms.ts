import multipart from '@fastify/multipart';
import {
  LIMITS,
  MESSAGES,
  PAGE_FORM_FIELD,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
  UNHANDLED_PAGE_FORM,
} from '@keyhaven/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BODY_LIMITS } from '../../lib/body-limits.js';
import { pageRenderMark } from '../../lib/page-render-mark.js';
import {
  PAGE_FORM_HANDLERS,
  type PageFormContext,
  type SentFile,
  type SentForm,
  shownAgain,
} from './page-form-handlers.js';

/** The page whose form adds a listing, and so may carry a listing's photos. */
const ADD_PROPERTY_PATH = '/dashboard/add-property';

/** The `name=value` of each cookie an answer set, to send with the next call. */
const cookiePairs = (setCookies: string[]) =>
  setCookies.map((cookie) => cookie.split(';')[0] ?? '').filter(Boolean);

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
      const handler = PAGE_FORM_HANDLERS[name];
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
