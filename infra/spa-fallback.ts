/**
 * CloudFront Function (viewer request, default behaviour only) for the SPA's client-side routes.
 *
 * Why not distribution-wide errorResponses 403/404 → /index.html: those apply to every behaviour,
 * so an API 404 ("No such reservation") would reach the SPA's fetch as a 200 HTML page. This
 * function runs only on the S3 behaviour: a path whose last segment has no dot (`/dashboard`,
 * `/service/abc`) is a client route and gets index.html; `/assets/x.js` stays a file, so a missing
 * asset is still an error rather than HTML served as JavaScript.
 *
 * cloudfront-js-2.0 is ES5.1-ish plus some ES6: keep this plain.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
