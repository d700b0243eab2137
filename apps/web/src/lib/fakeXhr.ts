type Listener = (event: Event) => void;

/** A scriptable XMLHttpRequest: tests read what was sent and decide when and how it answers. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  readonly headers: Record<string, string> = {};
  private readonly listeners = new Map<string, Listener[]>();
  private readonly uploadListeners = new Map<string, Listener[]>();
  readonly upload = {
    addEventListener: (type: string, listener: Listener) => add(this.uploadListeners, type, listener),
  };

  static install(): void {
    FakeXhr.sent = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.sent.at(-1);
    if (!xhr) throw new Error('No request was sent');
    return xhr;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    add(this.listeners, type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    emit(this.listeners, 'abort', new Event('abort'));
  }

  progress(loaded: number, total: number) {
    emit(this.uploadListeners, 'progress', Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    emit(this.listeners, 'load', new Event('load'));
  }
}

function add(map: Map<string, Listener[]>, type: string, listener: Listener) {
  map.set(type, [...(map.get(type) ?? []), listener]);
}

function emit(map: Map<string, Listener[]>, type: string, event: Event) {
  for (const listener of map.get(type) ?? []) listener(event);
}
