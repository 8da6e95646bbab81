// autocannon's setupRequest for bench/sign-in.bench.ts, loaded in its worker thread: each sign-in comes
// from an address of its own (the API trusts one proxy hop in that benchmark).
let n = 0;
module.exports = (request) => {
  n++;
  request.headers = {
    ...request.headers,
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
  return request;
};
