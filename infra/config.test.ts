import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

const read = (context: Record<string, unknown>) => readConfig(new App({ context }).node);

describe('alarmEmail (where dead-letter and error alarms are mailed)', () => {
  it('is optional and taken as given when it is an address', () => {
    expect(read({}).alarmEmail).toBeUndefined();
    expect(read({ alarmEmail: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
  });

  it.each(['true', 'ops@', 'ops example.com', 'ops@localhost'])('fails the synth when it is %j', (alarmEmail) => {
    expect(() => read({ alarmEmail })).toThrow(/alarmEmail must be an e-mail address/);
  });
});
