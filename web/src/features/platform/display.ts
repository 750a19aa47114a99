/** Document 1 §4 and §9: 80 and above good, 60 to 79 warning, below 60 bad. */
export function healthColor(score: number): 'green' | 'orange' | 'red' {
  return score >= 80 ? 'green' : score >= 60 ? 'orange' : 'red';
}
