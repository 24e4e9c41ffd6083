// Package cirecipes holds the tests that check the CI recipes users copy
// from docs/ci (GitHub Actions workflows, Kubernetes manifests, GitLab CI,
// multi-gitter) with the validators of those systems.
package cirecipes
