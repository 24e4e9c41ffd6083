// The two shapes of issue 30, built the same way for every variant:
// ARGS[0] is deep1000 (an object 1,000 levels deep) or wide100k (100,000
// small objects in an array); ARGS[1] is what to do with it: build (only
// build it), clone (structuredClone) or json (JSON.parse(JSON.stringify)).
// With ARGS[2] = "verify" the copy is compared with the original (outside
// the timed runs, which must cost only the copy).
let x;
if (ARGS[0] === "deep1000") {
  x = { v: 0 };
  for (let i = 0; i < 1000; i++) x = { v: i, next: x };
} else {
  x = [];
  for (let i = 0; i < 100000; i++) x.push({ id: i, name: "item" + i, ok: true });
}
let y;
if (ARGS[1] === "clone") y = structuredClone(x);
else if (ARGS[1] === "json") y = JSON.parse(JSON.stringify(x));
if (ARGS[2] !== "verify") return "done";
return y !== x && JSON.stringify(y) === JSON.stringify(x) ? "same" : "DIFFERENT";
