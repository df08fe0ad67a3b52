package io.replicakit.bench.results;

import java.util.Iterator;
import java.util.Map;

/**
 * Writes the JSON of results files: maps, lists, strings, numbers, booleans and null, indented two spaces.
 * Non-finite numbers (a metric that could not be measured) become null, which JSON can represent.
 */
public final class Json {

  private Json() {}

  public static String write(Object value) {
    StringBuilder sb = new StringBuilder();
    write(sb, value, 0);
    return sb.toString();
  }

  private static void write(StringBuilder sb, Object value, int indent) {
    if (value == null) {
      sb.append("null");
    } else if (value instanceof String s) {
      string(sb, s);
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      sb.append(Double.isFinite(d) ? number(d) : "null");
    } else if (value instanceof Number || value instanceof Boolean) {
      sb.append(value);
    } else if (value instanceof Map<?, ?> map) {
      object(sb, map, indent);
    } else if (value instanceof Iterable<?> list) {
      array(sb, list, indent);
    } else {
      string(sb, value.toString());
    }
  }

  private static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return Double.toString(d);
  }

  private static void object(StringBuilder sb, Map<?, ?> map, int indent) {
    if (map.isEmpty()) {
      sb.append("{}");
      return;
    }
    sb.append("{\n");
    Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<?, ?> e = it.next();
      pad(sb, indent + 1);
      string(sb, String.valueOf(e.getKey()));
      sb.append(": ");
      write(sb, e.getValue(), indent + 1);
      sb.append(it.hasNext() ? ",\n" : "\n");
    }
    pad(sb, indent);
    sb.append('}');
  }

  private static void array(StringBuilder sb, Iterable<?> list, int indent) {
    Iterator<?> it = list.iterator();
    if (!it.hasNext()) {
      sb.append("[]");
      return;
    }
    sb.append("[\n");
    while (it.hasNext()) {
      pad(sb, indent + 1);
      write(sb, it.next(), indent + 1);
      sb.append(it.hasNext() ? ",\n" : "\n");
    }
    pad(sb, indent);
    sb.append(']');
  }

  private static void pad(StringBuilder sb, int indent) {
    sb.append("  ".repeat(indent));
  }

  private static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
