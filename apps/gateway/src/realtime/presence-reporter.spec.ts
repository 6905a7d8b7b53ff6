import type { OnlineStats, PresenceReportAnswer, RpcMeta } from '@portal/contracts';
import type { RpcClient } from '@portal/messaging';
import { PresenceReporter, type PresenceReport } from './presence-reporter';

const stats = (usersOnline: number): OnlineStats => ({ usersOnline, guestsOnline: 0, botsOnline: 0, usernames: [] });

/** A chat service that answers reports only when the test says so. */
function fakeChat() {
  const reports: Array<{ data: unknown; answer: (value: PresenceReportAnswer) => void }> = [];
  const rpc = {
    send: (pattern: string, data: unknown, _meta: RpcMeta) =>
      pattern === 'chat.presence.report' ? new Promise<PresenceReportAnswer>((answer) => reports.push({ data, answer })) : Promise.resolve({ ok: true }),
  };
  return { rpc: rpc as unknown as RpcClient, reports };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a gateway reporting its connections to the chat service', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('sends one report at a time, tells which arrivals each answer holds, and reports again after a change meanwhile', async () => {
    const chat = fakeChat();
    const reporter = new PresenceReporter(chat.rpc);
    const seen: PresenceReport[] = [];
    reporter.onReport((report) => seen.push(report));
    reporter.start();
    expect(chat.reports).toHaveLength(1);
    const arrival = reporter.connected('s1', { kind: 'user', key: 'u1', username: 'Алиса' });
    jest.advanceTimersByTime(200);
    // The first report is still unanswered: no second one goes out.
    expect(chat.reports).toHaveLength(1);
    chat.reports[0].answer({ stats: stats(0), heartbeatMs: 5000, known: false });
    await settle();
    expect(seen).toEqual([{ generation: 0, stats: stats(0), changed: true }]);
    // The arrival during it is reported 200 ms later, and its answer holds it.
    jest.advanceTimersByTime(200);
    expect(chat.reports).toHaveLength(2);
    expect(chat.reports[1].data).toMatchObject({ gatewayId: reporter.gatewayId, snapshot: { users: { u1: 'Алиса' }, guests: [], bots: [] } });
    chat.reports[1].answer({ stats: stats(1), heartbeatMs: 5000, known: true });
    await settle();
    expect(seen[1]).toEqual({ generation: arrival, stats: stats(1), changed: true });
    expect(reporter.current).toEqual(stats(1));
  });

  it('reports every heartbeat the chat service names, and hears when it had been taken for dead', async () => {
    const chat = fakeChat();
    const reporter = new PresenceReporter(chat.rpc);
    const forgotten = jest.fn();
    reporter.onForgotten(forgotten);
    reporter.start();
    chat.reports[0].answer({ stats: stats(0), heartbeatMs: 700, known: false });
    await settle();
    jest.advanceTimersByTime(699);
    expect(chat.reports).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(chat.reports).toHaveLength(2);
    // Its first report is never "known"; a later one that is not means its reports had expired.
    expect(forgotten).not.toHaveBeenCalled();
    chat.reports[1].answer({ stats: stats(0), heartbeatMs: 700, known: false });
    await settle();
    expect(forgotten).toHaveBeenCalledTimes(1);
    await reporter.beforeApplicationShutdown();
    jest.advanceTimersByTime(10_000);
    expect(chat.reports).toHaveLength(2);
  });
});
