// The host hooks of test262's INTERPRETING.md this runner provides, the
// same in every runner: $262.global, evalScript (global code, by indirect
// eval) and detachArrayBuffer (ArrayBuffer.prototype.transfer, where the
// engine has it). No realms, agents or gc: tests that need them fail on
// every runner alike.
var $262 = {
  global: globalThis,
  evalScript: function (src) { return (0, eval)(src); },
  detachArrayBuffer: function (buffer) {
    if (typeof ArrayBuffer.prototype.transfer !== "function") throw new Test262Error("this engine cannot detach an ArrayBuffer");
    buffer.transfer();
    return null;
  },
};
