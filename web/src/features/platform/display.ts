/** R-PLAT-6, R-PLAT-5: 80 and above good, 60 to 79 warning, below 60 bad. */
export function healthColor(score: number): 'green' | 'orange' | 'red' {
  return score >= 80 ? 'green' : score >= 60 ? 'orange' : 'red';
}

/** R-PLAT-5: an error rate above 1 % shows red. */
export const ERROR_RATE_ALERT = 1;

/** The 24-hour error rate as measured by usage metering; no calls means no rate. */
export function errorRateText(rate: number | null): string {
  return rate === null ? 'no calls' : `${rate}% errors`;
}

/** Organization status colours: suspended red, inactive gray, trial blue, active green. */
export function statusColor(status: string): 'green' | 'red' | 'gray' | 'blue' {
  return status === 'SUSPENDED' ? 'red' : status === 'INACTIVE' ? 'gray' : status === 'TRIAL' ? 'blue' : 'green';
}
