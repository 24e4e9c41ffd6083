package webapi

import (
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"hash"
	"strconv"
	"strings"
)

// MaxRandomBytes is the most crypto.getRandomValues fills in one call, as
// on the web.
const MaxRandomBytes = 65536

// randomUUID is a version 4 UUID from the system's secure random source.
func randomUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:], b[10:])
	return string(out[:])
}

// randomBytes returns n secure random bytes as base64.
func randomBytes(n string) (string, error) {
	size, err := strconv.Atoi(n)
	if err != nil || size < 0 {
		return "", typeError("getRandomValues: bad length")
	}
	if size > MaxRandomBytes {
		return "", domError("QuotaExceededError", "getRandomValues: the array is %d bytes; at most %d can be filled in one call", size, MaxRandomBytes)
	}
	b := make([]byte, size)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b), nil
}

// digest is crypto.subtle.digest: the hash of the base64 data by the
// algorithm named alg (case-insensitive), as base64.
func digest(alg, data string) (string, error) {
	var h hash.Hash
	switch strings.ToUpper(alg) {
	case "SHA-1":
		h = sha1.New()
	case "SHA-256":
		h = sha256.New()
	case "SHA-384":
		h = sha512.New384()
	case "SHA-512":
		h = sha512.New()
	default:
		return "", domError("NotSupportedError", "crypto.subtle.digest: unknown algorithm %q; use SHA-1, SHA-256, SHA-384 or SHA-512", alg)
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return "", typeError("crypto.subtle.digest: bad data")
	}
	h.Write(b)
	return base64.StdEncoding.EncodeToString(h.Sum(nil)), nil
}
