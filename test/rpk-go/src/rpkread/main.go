// Command rpkread is the Go oracle of test/rpk-reader.test.ts: it reads a JSON array of YAML
// texts on stdin, decodes each into rpk's ShadowLinkConfig with gopkg.in/yaml.v2 as rpk does
// (Unmarshal) and strictly (UnmarshalStrict, which names the keys Unmarshal drops), and prints
// a JSON array: what was read (every field, nil pointers as null, durations in nanoseconds,
// times in RFC 3339 with nanoseconds), and each error text.
package main

import (
	"encoding/json"
	"os"
	"reflect"
	"shadow"
	"time"

	"gopkg.in/yaml.v2"
)

type result struct {
	Value  interface{} `json:"value"`
	Error  *string     `json:"error"`
	Strict *string     `json:"strict"`
}

var timeType = reflect.TypeOf(time.Time{})
var durationType = reflect.TypeOf(time.Duration(0))

// plain turns a decoded value into JSON-ready data, fields in declaration order under their YAML keys.
func plain(v reflect.Value) interface{} {
	switch {
	case v.Type() == timeType:
		return v.Interface().(time.Time).Format(time.RFC3339Nano)
	case v.Type() == durationType:
		return v.Int()
	}
	switch v.Kind() {
	case reflect.Ptr:
		if v.IsNil() {
			return nil
		}
		return plain(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		out := make([]interface{}, v.Len())
		for i := range out {
			out[i] = plain(v.Index(i))
		}
		return out
	case reflect.Struct:
		fields := make([]field, 0, v.NumField())
		for i := 0; i < v.NumField(); i++ {
			tag := v.Type().Field(i).Tag.Get("yaml")
			for j := 0; j < len(tag); j++ {
				if tag[j] == ',' {
					tag = tag[:j]
					break
				}
			}
			fields = append(fields, field{tag, plain(v.Field(i))})
		}
		return ordered(fields)
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Int32, reflect.Int64:
		return v.Int()
	}
	panic("unexpected kind " + v.Kind().String())
}

type field struct {
	key   string
	value interface{}
}

// ordered is a JSON object that keeps its keys in struct order.
type ordered []field

func (o ordered) MarshalJSON() ([]byte, error) {
	out := []byte{'{'}
	for i, f := range o {
		if i > 0 {
			out = append(out, ',')
		}
		k, _ := json.Marshal(f.key)
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		out = append(append(append(out, k...), ':'), v...)
	}
	return append(out, '}'), nil
}

func text(err error) *string {
	if err == nil {
		return nil
	}
	s := err.Error()
	return &s
}

func main() {
	var texts []string
	if err := json.NewDecoder(os.Stdin).Decode(&texts); err != nil {
		panic(err)
	}
	results := make([]result, len(texts))
	for i, t := range texts {
		var cfg shadow.ShadowLinkConfig
		err := yaml.Unmarshal([]byte(t), &cfg)
		var strict shadow.ShadowLinkConfig
		serr := yaml.UnmarshalStrict([]byte(t), &strict)
		results[i] = result{plain(reflect.ValueOf(cfg)), text(err), text(serr)}
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		panic(err)
	}
}
