import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_FAILED_EVENT,
  APP_FORM_ATTRIBUTE,
  APP_READY_EVENT,
  announceAppReady,
  GETTING_READY_ATTRIBUTE,
  holdEarlyInteractions,
} from './early-interactions';

/** A rendered page before its app runs: HTML with no handlers yet. */
function page(html: string) {
  document.body.innerHTML = html;
  holdEarlyInteractions(
    APP_READY_EVENT,
    APP_FAILED_EVENT,
    APP_FORM_ATTRIBUTE,
    GETTING_READY_ATTRIBUTE,
  );
}

/** The held clicks are made again a task after the app is ready. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Types as a person does: the field's value changes and it says so. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('what is done on the page before the app runs', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    // Every holder a test installed lets go, so none outlives its test.
    document.dispatchEvent(new Event(APP_FAILED_EVENT));
  });

  it('holds a click on a button, shows it is getting ready, and makes the click once when the app is ready', async () => {
    page('<button id="save" type="button">Add To Wish List</button>');
    const save = byId<HTMLButtonElement>('save');
    save.click();
    save.click();
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).toHaveAttribute(GETTING_READY_ATTRIBUTE);

    // The app takes the page over: its handler is on the button now.
    const saved = vi.fn();
    save.addEventListener('click', saved);
    expect(saved).not.toHaveBeenCalled();
    announceAppReady();
    await nextTask();

    expect(saved).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveAttribute('aria-busy');
    expect(save).not.toHaveAttribute(GETTING_READY_ATTRIBUTE);
    // Once ready, a click goes straight to the app.
    save.click();
    expect(saved).toHaveBeenCalledTimes(2);
  });

  it('gives a held control its own busy state back', async () => {
    page('<button id="accept" type="button" aria-busy="false">Accept</button>');
    byId('accept').click();
    expect(byId('accept')).toHaveAttribute('aria-busy', 'true');
    announceAppReady();
    await nextTask();
    expect(byId('accept')).toHaveAttribute('aria-busy', 'false');
  });

  it('leaves links and forms that work without the app to the browser', async () => {
    page(
      '<a id="link" href="#details">Details</a>' +
        '<form id="login" method="post" action="/login"><button id="sign-in">Sign In</button></form>',
    );
    const link = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    byId('link').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);

    const submitted = vi.fn((event: Event) => event.preventDefault());
    byId('login').addEventListener('submit', submitted);
    byId('sign-in').click();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(byId('sign-in')).not.toHaveAttribute(GETTING_READY_ATTRIBUTE);
  });

  it('holds the submit of a form only the app can send, and sends it with what was typed', async () => {
    page(
      `<form id="offer" method="post" ${APP_FORM_ATTRIBUTE}><input id="price" name="price"><button id="submit">Submit Offer</button></form>`,
    );
    const price = byId<HTMLInputElement>('price');
    type(price, '325000');
    byId('submit').click();
    expect(byId('submit')).toHaveAttribute('aria-busy', 'true');

    // Taking the page over, the app's form starts from its defaults and listens to its field.
    price.value = '';
    const typed: string[] = [];
    price.addEventListener('input', () => typed.push(price.value));
    const sent: string[] = [];
    byId('offer').addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(price.value);
    });
    announceAppReady();
    await nextTask();

    expect(price.value).toBe('325000');
    expect(typed).toEqual(['325000']);
    expect(sent).toEqual(['325000']);
  });

  it('gives a form the app takes over what was typed into it before, and sends that', async () => {
    const sent = vi.fn();
    function Invite() {
      const [email, setEmail] = useState('');
      return (
        <form
          method="post"
          {...{ [APP_FORM_ATTRIBUTE]: '' }}
          onSubmit={(event) => {
            event.preventDefault();
            sent(email);
          }}
        >
          <input id="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button id="send" type="submit">
            Send invitation
          </button>
        </form>
      );
    }
    page(`<div id="root">${renderToString(<Invite />)}</div>`);
    type(byId<HTMLInputElement>('email'), 'partner@example.test');
    byId('send').click();

    // The app takes the page over with the field's value as the person left it. React in
    // development says the held button's marks differ from what it rendered; production React
    // says nothing and leaves them to the holder, which takes them off.
    const hydrationNotes = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(byId('root'), <Invite />));
    for (const [note] of hydrationNotes.mock.calls) {
      expect(String(note)).toMatch(/didn't match the client properties/);
    }
    announceAppReady();
    await act(nextTask);

    expect(sent).toHaveBeenCalledExactlyOnceWith('partner@example.test');
    expect(byId<HTMLInputElement>('email').value).toBe('partner@example.test');
    act(() => root.unmount());
  });

  it('holds the submit of a form that names no method', async () => {
    page('<form id="forgot"><input name="email"><button id="send">Send</button></form>');
    const sent = vi.fn((event: Event) => event.preventDefault());
    byId('send').click();
    byId('forgot').addEventListener('submit', sent);
    expect(sent).not.toHaveBeenCalled();
    announceAppReady();
    await nextTask();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('puts back a box ticked before the app ran', async () => {
    page('<input id="agree" type="checkbox">');
    const agree = byId<HTMLInputElement>('agree');
    agree.click();
    expect(agree.checked).toBe(true);
    agree.checked = false;
    announceAppReady();
    await nextTask();
    expect(agree.checked).toBe(true);
  });

  it('tells the app of a file chosen before it ran', async () => {
    page('<input id="photo" type="file">');
    const photo = byId<HTMLInputElement>('photo');
    const file = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    Object.defineProperty(photo, 'files', { value: [file] });
    photo.dispatchEvent(new Event('change', { bubbles: true }));

    const chosen = vi.fn();
    photo.addEventListener('change', chosen);
    announceAppReady();
    await nextTask();
    expect(chosen).toHaveBeenCalledTimes(1);
  });

  it('stops holding without making the click when the app could not load', async () => {
    page('<button id="log-out" type="button">Log Out</button>');
    const loggedOut = vi.fn();
    byId('log-out').click();
    byId('log-out').addEventListener('click', loggedOut);
    document.dispatchEvent(new Event(APP_FAILED_EVENT));
    expect(loggedOut).not.toHaveBeenCalled();
    expect(byId('log-out')).not.toHaveAttribute(GETTING_READY_ATTRIBUTE);
    // Nothing is held any more: the click reaches the page.
    byId('log-out').click();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});
