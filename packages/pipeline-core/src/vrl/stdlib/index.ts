import type { VrlFunction } from './function.js';
import { abs } from './abs.js';
import { append } from './append.js';
import { array } from './array.js';
import { assert } from './assert.js';
import { assert_eq } from './assert_eq.js';
import { basename } from './basename.js';
import { bool } from './bool.js';
import { camelcase } from './camelcase.js';
import { ceil } from './ceil.js';
import { chunks } from './chunks.js';
import { compact } from './compact.js';
import { contains } from './contains.js';
import { contains_all } from './contains_all.js';
import { decode_base16 } from './decode_base16.js';
import { decode_base64 } from './decode_base64.js';
import { decode_percent } from './decode_percent.js';
import { dirname } from './dirname.js';
import { downcase } from './downcase.js';
import { encode_base16 } from './encode_base16.js';
import { encode_base64 } from './encode_base64.js';
import { encode_json } from './encode_json.js';
import { encode_key_value } from './encode_key_value.js';
import { encode_logfmt } from './encode_logfmt.js';
import { encode_percent } from './encode_percent.js';
import { ends_with } from './ends_with.js';
import { filter } from './filter.js';
import { find } from './find.js';
import { flatten } from './flatten.js';
import { float } from './float.js';
import { floor } from './floor.js';
import { for_each } from './for_each.js';
import { format_int } from './format_int.js';
import { format_number } from './format_number.js';
import { format_timestamp } from './format_timestamp.js';
import { from_unix_timestamp } from './from_unix_timestamp.js';
import { get } from './get.js';
import { hmac } from './hmac.js';
import { includes } from './includes.js';
import { int } from './int.js';
import { ip_aton } from './ip_aton.js';
import { ip_cidr_contains } from './ip_cidr_contains.js';
import { ip_ntoa } from './ip_ntoa.js';
import { ip_subnet } from './ip_subnet.js';
import { ip_to_ipv6 } from './ip_to_ipv6.js';
import { ip_version } from './ip_version.js';
import { ipv6_to_ipv4 } from './ipv6_to_ipv4.js';
import { is_array } from './is_array.js';
import { is_boolean } from './is_boolean.js';
import { is_empty } from './is_empty.js';
import { is_float } from './is_float.js';
import { is_integer } from './is_integer.js';
import { is_ipv4 } from './is_ipv4.js';
import { is_ipv6 } from './is_ipv6.js';
import { is_json } from './is_json.js';
import { is_null } from './is_null.js';
import { is_nullish } from './is_nullish.js';
import { is_object } from './is_object.js';
import { is_regex } from './is_regex.js';
import { is_string } from './is_string.js';
import { is_timestamp } from './is_timestamp.js';
import { join } from './join.js';
import { kebabcase } from './kebabcase.js';
import { keys } from './keys.js';
import { length } from './length.js';
import { map_keys } from './map_keys.js';
import { map_values } from './map_values.js';
import { match } from './match.js';
import { match_any } from './match_any.js';
import { match_array } from './match_array.js';
import { md5 } from './md5.js';
import { merge } from './merge.js';
import { mod } from './mod.js';
import { now } from './now.js';
import { object } from './object.js';
import { object_from_array } from './object_from_array.js';
import { parse_apache_log } from './parse_apache_log.js';
import { parse_aws_alb_log } from './parse_aws_alb_log.js';
import { parse_aws_vpc_flow_log } from './parse_aws_vpc_flow_log.js';
import { parse_cef } from './parse_cef.js';
import { parse_common_log } from './parse_common_log.js';
import { parse_csv } from './parse_csv.js';
import { parse_duration } from './parse_duration.js';
import { parse_float } from './parse_float.js';
import { parse_glog } from './parse_glog.js';
import { parse_grok } from './parse_grok.js';
import { parse_int } from './parse_int.js';
import { parse_json } from './parse_json.js';
import { parse_key_value } from './parse_key_value.js';
import { parse_klog } from './parse_klog.js';
import { parse_linux_authorization } from './parse_linux_authorization.js';
import { parse_logfmt } from './parse_logfmt.js';
import { parse_nginx_log } from './parse_nginx_log.js';
import { parse_query_string } from './parse_query_string.js';
import { parse_regex } from './parse_regex.js';
import { parse_regex_all } from './parse_regex_all.js';
import { parse_ruby_hash } from './parse_ruby_hash.js';
import { parse_syslog } from './parse_syslog.js';
import { parse_timestamp } from './parse_timestamp.js';
import { parse_tokens } from './parse_tokens.js';
import { parse_url } from './parse_url.js';
import { pascalcase } from './pascalcase.js';
import { push } from './push.js';
import { random_bool } from './random_bool.js';
import { random_float } from './random_float.js';
import { random_int } from './random_int.js';
import { redact } from './redact.js';
import { remove } from './remove.js';
import { replace } from './replace.js';
import { replace_with } from './replace_with.js';
import { round } from './round.js';
import { screamingsnakecase } from './screamingsnakecase.js';
import { set } from './set.js';
import { sha1 } from './sha1.js';
import { sha2 } from './sha2.js';
import { sha3 } from './sha3.js';
import { shannon_entropy } from './shannon_entropy.js';
import { sieve } from './sieve.js';
import { slice } from './slice.js';
import { snakecase } from './snakecase.js';
import { split } from './split.js';
import { split_path } from './split_path.js';
import { starts_with } from './starts_with.js';
import { string } from './string.js';
import { strip_ansi_escape_codes } from './strip_ansi_escape_codes.js';
import { strip_whitespace } from './strip_whitespace.js';
import { strlen } from './strlen.js';
import { tally } from './tally.js';
import { timestamp } from './timestamp.js';
import { to_bool } from './to_bool.js';
import { to_float } from './to_float.js';
import { to_int } from './to_int.js';
import { to_string } from './to_string.js';
import { to_syslog_facility } from './to_syslog_facility.js';
import { to_syslog_level } from './to_syslog_level.js';
import { to_syslog_severity } from './to_syslog_severity.js';
import { to_timestamp } from './to_timestamp.js';
import { to_unix_timestamp } from './to_unix_timestamp.js';
import { trim } from './trim.js';
import { truncate } from './truncate.js';
import { unflatten } from './unflatten.js';
import { unique } from './unique.js';
import { upcase } from './upcase.js';
import { uuid_v4 } from './uuid_v4.js';
import { uuid_v7 } from './uuid_v7.js';
import { values } from './values.js';
import { zip } from './zip.js';

/** Every standard-library function, one file each (examples.test.ts asserts every file is listed). */
export const STDLIB: readonly VrlFunction[] = [
  abs,
  append,
  array,
  assert,
  assert_eq,
  basename,
  bool,
  camelcase,
  ceil,
  chunks,
  compact,
  contains,
  contains_all,
  decode_base16,
  decode_base64,
  decode_percent,
  dirname,
  downcase,
  encode_base16,
  encode_base64,
  encode_json,
  encode_key_value,
  encode_logfmt,
  encode_percent,
  ends_with,
  filter,
  find,
  flatten,
  float,
  floor,
  for_each,
  format_int,
  format_number,
  format_timestamp,
  from_unix_timestamp,
  get,
  hmac,
  includes,
  int,
  ip_aton,
  ip_cidr_contains,
  ip_ntoa,
  ip_subnet,
  ip_to_ipv6,
  ip_version,
  ipv6_to_ipv4,
  is_array,
  is_boolean,
  is_empty,
  is_float,
  is_integer,
  is_ipv4,
  is_ipv6,
  is_json,
  is_null,
  is_nullish,
  is_object,
  is_regex,
  is_string,
  is_timestamp,
  join,
  kebabcase,
  keys,
  length,
  map_keys,
  map_values,
  match,
  match_any,
  match_array,
  md5,
  merge,
  mod,
  now,
  object,
  object_from_array,
  parse_apache_log,
  parse_aws_alb_log,
  parse_aws_vpc_flow_log,
  parse_cef,
  parse_common_log,
  parse_csv,
  parse_duration,
  parse_float,
  parse_glog,
  parse_grok,
  parse_int,
  parse_json,
  parse_key_value,
  parse_klog,
  parse_linux_authorization,
  parse_logfmt,
  parse_nginx_log,
  parse_query_string,
  parse_regex,
  parse_regex_all,
  parse_ruby_hash,
  parse_syslog,
  parse_timestamp,
  parse_tokens,
  parse_url,
  pascalcase,
  push,
  random_bool,
  random_float,
  random_int,
  redact,
  remove,
  replace,
  replace_with,
  round,
  screamingsnakecase,
  set,
  sha1,
  sha2,
  sha3,
  shannon_entropy,
  sieve,
  slice,
  snakecase,
  split,
  split_path,
  starts_with,
  string,
  strip_ansi_escape_codes,
  strip_whitespace,
  strlen,
  tally,
  timestamp,
  to_bool,
  to_float,
  to_int,
  to_string,
  to_syslog_facility,
  to_syslog_level,
  to_syslog_severity,
  to_timestamp,
  to_unix_timestamp,
  trim,
  truncate,
  unflatten,
  unique,
  upcase,
  uuid_v4,
  uuid_v7,
  values,
  zip,
];
