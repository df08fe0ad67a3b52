/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import io.replicakit.common.storage.Throughput;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;

/** The value types behind {@link ConfigKey}'s factories other than numbers. */
final class SimpleTypes {

  private SimpleTypes() {}

  /** {@code true} or {@code false}, in any case; anything else, empty included, is a problem. */
  static ValueType<Boolean> bool() {
    return new ValueType<>() {
      @Override
      public Boolean parse(String text) {
        if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
          throw new IllegalArgumentException(text);
        }
        return Boolean.parseBoolean(text);
      }

      @Override
      public String allowed() {
        return "true or false";
      }
    };
  }

  /** One of an enum's constants by its lower-case name, in any case. */
  static <E extends Enum<E>> ValueType<E> choice(Class<E> type) {
    List<String> names = Arrays.stream(type.getEnumConstants()).map(SimpleTypes::lowerName).toList();
    return new ValueType<>() {
      @Override
      public E parse(String text) {
        return Enum.valueOf(type, text.toUpperCase(Locale.ROOT));
      }

      @Override
      public String allowed() {
        return "one of " + names;
      }

      @Override
      public String format(E value) {
        return lowerName(value);
      }
    };
  }

  /** Text that {@code ok} accepts, kept as it is. */
  static ValueType<String> text(String allowed, Predicate<String> ok) {
    return new ValueType<>() {
      @Override
      public String parse(String text) {
        if (!ok.test(text)) {
          throw new IllegalArgumentException(text);
        }
        return text;
      }

      @Override
      public String allowed() {
        return allowed;
      }
    };
  }

  /** {@code host:port} with a port in {@code minPort..65535}; the host may be a wildcard. */
  static ValueType<InetSocketAddress> address(int minPort) {
    return new ValueType<>() {
      @Override
      public InetSocketAddress parse(String text) {
        InetSocketAddress address = NetUtils.createSocketAddr(text, -1);
        if (address.getPort() < minPort || address.getPort() > 65535) {
          throw new IllegalArgumentException("port " + address.getPort());
        }
        return address;
      }

      @Override
      public String allowed() {
        return "host:port with a port in " + minPort + "..65535";
      }

      @Override
      public String format(InetSocketAddress value) {
        return value.getHostString() + ":" + value.getPort();
      }
    };
  }

  /** 0, or a number of {@code unit}s per second as {@code numbers} allow, read as a {@link Throughput}. */
  static ValueType<Throughput> throughputOrZero(Throughput.Unit unit, NumberType numbers) {
    ValueType<Throughput> positive = throughput(unit, numbers);
    return new ValueType<>() {
      @Override
      public Throughput parse(String text) {
        return positive.parse(text);
      }

      @Override
      public String allowed() {
        return "0, or " + positive.allowed();
      }

      @Override
      public String unreadable(String text) {
        return "must be 0 or " + positive.unreadable(text).substring("must be ".length());
      }

      @Override
      public String outOfRange(Throughput value, String text, Configuration conf) {
        if (value.bytesPerSec() == 0) {
          return null;
        }
        String problem = positive.outOfRange(value, text, conf);
        return problem == null ? null : "must be 0 or " + problem.substring("must be ".length());
      }

      @Override
      public String format(Throughput value) {
        return positive.format(value);
      }

      @Override
      public boolean emptyIsUnset() {
        return true;
      }
    };
  }

  /** A number of {@code unit}s per second, as {@code numbers} allow, read as a {@link Throughput}. */
  static ValueType<Throughput> throughput(Throughput.Unit unit, NumberType amounts) {
    NumberType numbers = amounts.called("a speed", unit.symbol());
    return new ValueType<>() {
      @Override
      public Throughput parse(String text) {
        return Throughput.of(numbers.parse(text), unit);
      }

      @Override
      public String allowed() {
        return numbers.allowed();
      }

      /** A number that is no throughput (negative, infinite) is out of range rather than unreadable. */
      @Override
      public String unreadable(String text) {
        try {
          String problem = numbers.outOfRange(numbers.parse(text), text, null);
          if (problem != null) {
            return problem;
          }
        } catch (NumberFormatException e) {
          // not a number at all
        }
        return numbers.unreadable(text);
      }

      @Override
      public String outOfRange(Throughput value, String text, Configuration conf) {
        return numbers.outOfRange(value.in(unit), text, conf);
      }

      @Override
      public String format(Throughput value) {
        return NumberType.format(value.in(unit));
      }

      @Override
      public boolean emptyIsUnset() {
        return true;
      }
    };
  }

  private static String lowerName(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
