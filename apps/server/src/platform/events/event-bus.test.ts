import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { uniqueChannelPrefix } from '../../test/helper.js';
import { type EventBus, InProcessEventBus, RedisEventBus } from './index.js';

const log = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL;

function inProcessBus(): EventBus {
  const bus = new InProcessEventBus(log);
  onTestFinished(() => bus.close());
  return bus;
}

function redisBus(prefix: string): EventBus {
  const bus = new RedisEventBus(redisUrl!, prefix, log);
  onTestFinished(() => bus.close());
  return bus;
}

/** Collects what a topic's handler receives. */
async function listen(bus: EventBus, topic: string) {
  const received: unknown[] = [];
  const unsubscribe = await bus.subscribe(topic, (payload) => received.push(payload));
  return { received, unsubscribe };
}

const kinds: Array<[string, () => [EventBus, EventBus]]> = [['in process', () => [inProcessBus(), inProcessBus()]]];
if (redisUrl) {
  kinds.push([
    'Redis',
    () => {
      const prefix = uniqueChannelPrefix();
      return [redisBus(prefix), redisBus(prefix)];
    },
  ]);
}

describe.each(kinds)('the %s event bus', (_kind, twoBuses) => {
  it('delivers a payload to every subscriber of its topic and to nobody else', async () => {
    const [bus] = twoBuses();
    const first = await listen(bus, 'chat.user.1');
    const second = await listen(bus, 'chat.user.1');
    const other = await listen(bus, 'chat.user.2');

    await bus.publish('chat.user.1', { text: 'hello', count: 2 });

    await expect.poll(() => first.received).toEqual([{ text: 'hello', count: 2 }]);
    await expect.poll(() => second.received).toEqual([{ text: 'hello', count: 2 }]);
    await bus.publish('chat.user.2', 'marker');
    await expect.poll(() => other.received).toEqual(['marker']);
  });

  it('stops delivering once unsubscribed, while the other handlers of the topic keep listening', async () => {
    const [bus] = twoBuses();
    const leaving = await listen(bus, 'topic');
    const staying = await listen(bus, 'topic');

    await leaving.unsubscribe();
    await bus.publish('topic', 1);

    await expect.poll(() => staying.received).toEqual([1]);
    expect(leaving.received).toEqual([]);
  });

  it('keeps delivering to the other handlers when one throws', async () => {
    const [bus] = twoBuses();
    await bus.subscribe('topic', () => {
      throw new Error('broken handler');
    });
    const healthy = await listen(bus, 'topic');

    await bus.publish('topic', 'still here');

    await expect.poll(() => healthy.received).toEqual(['still here']);
  });
});

describe.skipIf(!redisUrl)('two Redis event buses', () => {
  it('with one prefix hear each other, as two instances of the app do', async () => {
    const prefix = uniqueChannelPrefix();
    const [publisher, listener] = [redisBus(prefix), redisBus(prefix)];
    const heard = await listen(listener, 'catalogue.changed');

    await publisher.publish('catalogue.changed', { by: 'the other instance' });

    await expect.poll(() => heard.received).toEqual([{ by: 'the other instance' }]);
  });

  it('with different prefixes never hear each other', async () => {
    const prefix = uniqueChannelPrefix();
    const [publisher, listener] = [redisBus(prefix), redisBus(prefix)];
    const otherDeployment = redisBus(uniqueChannelPrefix());
    const heardHere = await listen(listener, 'topic');
    const heardThere = await listen(otherDeployment, 'topic');

    await publisher.publish('topic', 'for this deployment');

    // Delivery here shows the message went out; by then the other prefix would have had it too.
    await expect.poll(() => heardHere.received).toEqual(['for this deployment']);
    expect(heardThere.received).toEqual([]);
  });
});
