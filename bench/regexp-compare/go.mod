module github.com/atomic-script/atomic-script/bench/regexp-compare

go 1.26.0

require (
	github.com/grafana/regexp v0.0.0-20250905101755-5eb4f3acbf71
	github.com/wasilibs/go-re2 v1.13.0
)

require golang.org/x/sys v0.48.0 // indirect
