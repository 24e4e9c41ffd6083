// SHA-256 of 10 MB with crypto.subtle.digest; the same work as digest.js.
(async () => {
  const data = new Uint8Array(10 << 20);
  for (let i = 0; i < data.length; i += 4096) data[i] = i & 255;
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  console.log(d[0]);
})();
