package bindings

import (
	"context"
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// MaxCallMetaBytes bounds the details.meta a call record keeps: the record
// lasts the whole run, so a tool's large details never bloat it.
const MaxCallMetaBytes = 4 << 10

type metaKey struct{}

// metaHolder carries a call's meta from its worker goroutine to its
// record; the post to the owner goroutine orders the write before the read.
type metaHolder struct{ v json.RawMessage }

// ReportMeta records the "meta" member of a tool result's details in the
// record of the call ctx belongs to (a script's read keeps resolving to
// text; its record says where the text came from and how it was cut).
// Details without a meta, or a meta over MaxCallMetaBytes, are not kept.
func ReportMeta(ctx context.Context, details any) {
	h, ok := ctx.Value(metaKey{}).(*metaHolder)
	if !ok || details == nil {
		return
	}
	if meta := metaOf(details); len(meta) > 0 && string(meta) != "null" && len(meta) <= MaxCallMetaBytes {
		h.v = meta
	}
}

// metaOf returns the JSON of details' "meta" member, as encoding details
// whole and decoding its meta would. A struct's meta field is encoded
// alone: a search's or find's details are its whole result, thousands of
// paths and rows, which were encoded and decoded again on every call just
// to find its meta.
func metaOf(details any) json.RawMessage {
	v := reflect.ValueOf(details)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct && !marshals(v.Type()) {
		if f, ok := metaField(v); ok {
			if !f.IsValid() {
				return nil
			}
			data, err := json.Marshal(f.Interface())
			if err != nil {
				return nil
			}
			return data
		}
	}
	data, err := json.Marshal(details)
	if err != nil {
		return nil
	}
	var d struct {
		Meta json.RawMessage `json:"meta"`
	}
	if json.Unmarshal(data, &d) != nil {
		return nil
	}
	return d.Meta
}

// metaField finds the field of struct v that encoding/json writes under a
// key that decodes into "meta" (case-insensitively, the exact name first);
// the zero Value when there is none or it is omitted as empty. ok is false
// when that cannot be told without encoding (embedded structs promote their
// fields).
func metaField(v reflect.Value) (f reflect.Value, ok bool) {
	t := v.Type()
	found := -1
	omit := false
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return reflect.Value{}, false
		}
		tag := sf.Tag.Get("json")
		if !sf.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		}
		if !strings.EqualFold(name, "meta") {
			continue
		}
		if found >= 0 && name != "meta" {
			continue
		}
		found, omit = i, strings.Contains(","+opts+",", ",omitempty,")
	}
	if found < 0 {
		return reflect.Value{}, true
	}
	f = v.Field(found)
	if omit && emptyJSON(f) {
		return reflect.Value{}, true
	}
	return f, true
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// marshals reports whether t encodes itself (then only encoding tells).
func marshals(t reflect.Type) bool {
	for _, u := range []reflect.Type{t, reflect.PointerTo(t)} {
		if u.Implements(jsonMarshaler) || u.Implements(textMarshaler) {
			return true
		}
	}
	return false
}

// emptyJSON is encoding/json's omitempty test.
func emptyJSON(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
