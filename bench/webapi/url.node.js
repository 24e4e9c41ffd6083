// 10,000 distinct URLs through new URL(); the same work as url.js.
let n = 0;
for (let i = 0; i < 10000; i++) {
  const u = new URL("https://user@example.com:8080/a/b/../" + i + "/index.html?q=" + i + "&r=x#frag");
  n += u.pathname.length + u.search.length;
}
console.log(n);
