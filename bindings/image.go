package bindings

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// decodeImage validates what image() was given — a base64 data URL or MCP
// image content {type: "image", data, mimeType} — and returns the image with
// its MIME type detected from the bytes (a supplied type is ignored).
func decodeImage(payload json.RawMessage) (tools.Image, error) {
	var s string
	if err := json.Unmarshal(payload, &s); err == nil {
		return decodeDataURL(s)
	}
	var c struct {
		Type     string `json:"type"`
		Data     string `json:"data"`
		MIMEType string `json:"mimeType"`
	}
	if err := json.Unmarshal(payload, &c); err != nil || c.Type != "image" || c.Data == "" {
		return tools.Image{}, imageErr("image: expected a base64 data URL (\"data:image/png;base64,...\") or MCP image content {type: \"image\", data, mimeType}")
	}
	return decodeBase64(c.Data)
}

func decodeDataURL(s string) (tools.Image, error) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		return tools.Image{}, imageErr("image: remote URLs are not supported; fetch the image through a permitted tool and pass a base64 data URL")
	}
	if !strings.HasPrefix(lower, "data:") {
		return tools.Image{}, imageErr("image: expected a base64 data URL such as \"data:image/png;base64,...\"")
	}
	comma := strings.IndexByte(s, ',')
	if comma < 0 || !strings.HasSuffix(strings.ToLower(s[:comma]), ";base64") {
		return tools.Image{}, imageErr("image: the data URL must be base64-encoded (\"data:image/png;base64,...\")")
	}
	return decodeBase64(s[comma+1:])
}

func decodeBase64(data string) (tools.Image, error) {
	raw, err := base64.StdEncoding.Strict().DecodeString(strings.TrimSpace(data))
	if err != nil {
		return tools.Image{}, imageErr("image: malformed base64 data: " + err.Error())
	}
	mime := sniffImage(raw)
	if mime == "" {
		return tools.Image{}, imageErr("image: unsupported or unrecognised image data; PNG, JPEG, GIF and WebP are supported")
	}
	return tools.Image{MIMEType: mime, Data: raw}, nil
}

// sniffImage returns the MIME type of PNG, JPEG, GIF or WebP data, or "".
func sniffImage(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return "image/jpeg"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "image/gif"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "image/webp"
	}
	return ""
}

func imageErr(msg string) error { return &tools.Error{Code: tools.ErrInvalidArgs, Msg: msg} }
