// jest's node environment, plus: when a test or a hook fails, the failed answers (status 400 and up)
// the gateway gave it are printed with their bodies and durations. `expect(res.status).toBe(201)`
// alone shows only «Received: 503»; the envelope's code and message say which failure it was, which
// a run on another machine cannot otherwise tell (libs/testing/src/http-client.ts records them).
const { TestEnvironment } = require('jest-environment-node');

class AnswersOnFailureEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start' || event.name === 'hook_start') this.global.__portalFailedAnswers = [];
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const answers = this.global.__portalFailedAnswers ?? [];
    if (answers.length === 0) return;
    const where = event.name === 'hook_failure' ? `${event.hook.type} hook` : event.test.name;
    const lines = answers.map((answer) => `  ${answer.method} ${answer.path} → ${answer.status} in ${answer.ms} ms: ${answer.body}`);
    process.stderr.write(`[answers] the failed answers of «${where}»:\n${lines.join('\n')}\n`);
  }
}

module.exports = AnswersOnFailureEnvironment;
