// CommonJS module in an older style, for the structural differential tests.
'use strict';
const fs = require('fs');
const path = require('path');
var util = require('util');

function readConfig(dir, name) {
  var file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    console.log('no config at', file);
    return null;
  }
  var text = fs.readFileSync(file, 'utf8');
  return JSON.parse(text);
}

function retry(fn, times) {
  return new Promise(function (resolve, reject) {
    var attempt = function (n) {
      fn().then(resolve, function (err) {
        if (n === 0) {
          reject(err);
        } else {
          console.log('retrying', n, err && err.message);
          attempt(n - 1);
        }
      });
    };
    attempt(times);
  });
}

module.exports = {
  readConfig: readConfig,
  retry: retry,
  debug: function () {
    console.log.apply(console, arguments);
  },
  inspect: function (v) {
    return util.inspect(v, { depth: null }) === '' ? '(empty)' : util.inspect(v);
  },
};
