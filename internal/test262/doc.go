// Package test262 holds the conformance run of the sandbox against a
// pinned, stratified sample of tc39/test262 (testdata/test262; make
// test262): every sampled test runs in the modes its flags ask for on plain
// modernc.org/quickjs (an unhardened VM of the same library), on the
// sandbox over QuickJS and over goja, and each outcome is held to the
// checked-in expectations. A test that passes on plain QuickJS passes in
// the sandbox, or it is one of the design differences of
// docs/script-api.md (it fails as a script's body and passes as global
// code in the same sandbox VM); the run proves which. It has no code
// outside its tests.
package test262
