export interface LoginErrors {
  username?: string;
  password?: string;
}

/** R-AUTH-1: both fields required. */
export function validateLogin(v: { username: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!v.username.trim()) errors.username = 'Username is required';
  if (!v.password) errors.password = 'Password is required';
  return errors;
}
