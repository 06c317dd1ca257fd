import { act } from '@testing-library/react';

/** Stands in for the browser's EventSource: the test opens, fails and speaks for the server. */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  close() {
    this.closed = true;
  }

  /** The server accepted the stream. */
  connect() {
    act(() => {
      this.dispatchEvent(new Event('open'));
    });
  }

  /** The server says the count changed. */
  unread(count: number) {
    act(() => {
      this.dispatchEvent(new MessageEvent('unread', { data: JSON.stringify({ unread: count }) }));
    });
  }

  /** The server says the session that opened the stream has ended. */
  signedOut() {
    act(() => {
      this.dispatchEvent(new MessageEvent('signed-out', { data: '{}' }));
    });
  }

  /** The server closed this stream for a newer one of the same person or network. */
  replaced() {
    act(() => {
      this.dispatchEvent(new MessageEvent('replaced', { data: '{}' }));
    });
  }

  /** The server says a message arrived for the person. */
  messages() {
    act(() => {
      this.dispatchEvent(new MessageEvent('messages', { data: '{}' }));
    });
  }

  /** The stream broke (a restart, a proxy that cut it). */
  fail() {
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }

  static latest() {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error('No stream was opened');
    return source;
  }
}
