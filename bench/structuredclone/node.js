// Runs data.js on node, the same data and the same operations, for the
// side-by-side figures of bench/structuredclone.sh: node data.js-path ARGS...
const src = require("fs").readFileSync(process.argv[2], "utf8");
console.log(new Function("ARGS", src)(process.argv.slice(3)));
