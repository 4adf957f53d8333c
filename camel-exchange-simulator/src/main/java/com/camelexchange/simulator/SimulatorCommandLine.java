package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.engine.TradingFees;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Parses the flags of the standalone simulator into a {@link ExchangeSimulator.Builder}. */
final class SimulatorCommandLine {
    static final String USAGE = """
            Usage: java -jar exchange-simulator.jar [options]

            Starts an embedded spot exchange that speaks the camel-exchange API over HTTP:
            market data at /data/v1/<operation>, signed calls at /api/<method>.
            Prints 'exchange-simulator listening on http://<host>:<port>' once it accepts connections
            and runs until killed. GET /simulator/counters shows what it received, as JSON: every
            request, the signed ones ("signedRequests") and the count of each method and path.

            Options:
              --port N                  port to listen on; 0 picks a free one (default 0)
              --host HOST               address to bind (default 127.0.0.1)
              --variant A|B             API variant to speak (default A)
              --seed N                  seed of all synthetic activity and data (default 1)
              --key ACCESS:SECRET[:PERMS]
                                        create a funded account for this key; PERMS is a comma list of
                                        assetPerm,entrustPerm,moneyPerm,leverPerm (all four by default);
                                        repeatable
              --no-activity             no synthetic traders: the market moves only with API orders
              --activity-interval-ms N  how often the synthetic traders act (default 250)
              --no-history              start without six hours of past trades
              --no-liquidity            start with empty order books
              --reqtime-window-s N      allowed distance of reqTime from server time (default 60)
              --maker-fee RATE          trading fee of the maker of a fill, e.g. 0.002 (default 0.002)
              --taker-fee RATE          trading fee of the taker of a fill (default 0.002)
              --no-fees                 no trading fees
              --no-limits               switch every rate limit off
              --per-key-limit N         trade requests per key (A) or user (B) per second
                                        (default 60 for A, 30 for B)
              --per-ip-limit N          trade requests per IP per minute before a lock
                                        (default 10000 for A, 1000 for B)
              --ip-lock-minutes N       how long an IP stays locked (default 60)
              --kline-limit N           K-line requests per IP per second (default 1)
              --replay FILE             serve a recording (JSON lines) as the market, from its first
                                        line; orders are paper orders filled against it
              --speed X                 replay speed: 1 is real time (default), 60 a minute a second,
                                        max as fast as the file reads
              --fill-model NAME         how resting orders fill on a replayed trade at exactly their price:
                                        tradeThrough (never; only trades through fill), touch (a share
                                        of the trade, see --fill-at-touch) or queue (after the amount the
                                        book showed ahead of them) (default queue)
              --fill-at-touch SHARE     the touch model with this share of a replayed trade's amount
                                        filling resting orders at exactly its price, 0 to 1
              --latency-ms N            milliseconds of market time before an order reaches the book and
                                        a cancel takes effect, 0 to 60000 (default 100)
              --stale-book-s N          seconds a replayed book may be taken from (default 30)
              --help                    print this text and exit
            """;

    private SimulatorCommandLine() {
    }

    /** Null when only help was asked for. */
    static ExchangeSimulator.Builder parse(String... args) {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder();
        Variant variant = Variant.A;
        boolean noLimits = false;
        Integer perKey = null;
        Integer perIp = null;
        Integer lockMinutes = null;
        Integer kline = null;
        List<String[]> keys = new ArrayList<>();
        BigDecimal makerFee = TradingFees.DEFAULT.maker();
        BigDecimal takerFee = TradingFees.DEFAULT.taker();
        Duration latency = FillModel.TYPICAL_LATENCY;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            switch (flag) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--port" -> builder.port(intValue(flag, value(args, ++i, flag), 0, 65535));
                case "--host" -> builder.host(value(args, ++i, flag));
                case "--variant" -> variant = Variant.parse(value(args, ++i, flag));
                case "--seed" -> builder.seed(longValue(flag, value(args, ++i, flag)));
                case "--key" -> keys.add(key(value(args, ++i, flag)));
                case "--no-activity" -> builder.activity(false);
                case "--activity-interval-ms" -> builder.activityInterval(
                        Duration.ofMillis(intValue(flag, value(args, ++i, flag), 1, Integer.MAX_VALUE)));
                case "--no-history" -> builder.history(false);
                case "--no-liquidity" -> builder.initialLiquidity(false);
                case "--reqtime-window-s" -> builder.reqTimeWindow(
                        Duration.ofSeconds(intValue(flag, value(args, ++i, flag), 1, Integer.MAX_VALUE)));
                case "--maker-fee" -> makerFee = rate(flag, value(args, ++i, flag));
                case "--taker-fee" -> takerFee = rate(flag, value(args, ++i, flag));
                case "--no-fees" -> {
                    makerFee = BigDecimal.ZERO;
                    takerFee = BigDecimal.ZERO;
                }
                case "--no-limits" -> noLimits = true;
                case "--per-key-limit" -> perKey = intValue(flag, value(args, ++i, flag), 0, Integer.MAX_VALUE);
                case "--per-ip-limit" -> perIp = intValue(flag, value(args, ++i, flag), 0, Integer.MAX_VALUE);
                case "--ip-lock-minutes" -> lockMinutes = intValue(flag, value(args, ++i, flag), 0, Integer.MAX_VALUE);
                case "--kline-limit" -> kline = intValue(flag, value(args, ++i, flag), 0, Integer.MAX_VALUE);
                case "--replay" -> builder.replay(Path.of(value(args, ++i, flag)));
                case "--speed" -> builder.speed(speed(flag, value(args, ++i, flag)));
                case "--fill-at-touch" -> builder.fillAtTouch(share(flag, value(args, ++i, flag)));
                case "--fill-model" -> builder.fillModel(fillModel(flag, value(args, ++i, flag)));
                case "--latency-ms" -> latency = Duration.ofMillis(intValue(flag, value(args, ++i, flag), 0,
                        (int) FillModel.MAX_LATENCY.toMillis()));
                case "--stale-book-s" -> builder.staleBookAfter(
                        Duration.ofSeconds(intValue(flag, value(args, ++i, flag), 0, Integer.MAX_VALUE)));
                default -> throw new IllegalArgumentException("Unknown option " + flag + " (see --help)");
            }
        }
        builder.variant(variant);
        builder.fees(makerFee, takerFee);
        builder.latency(latency);
        SimulatorLimits limits = noLimits ? SimulatorLimits.none() : SimulatorLimits.forVariant(variant);
        if (perKey != null) {
            limits = limits.withPerKey(perKey);
        }
        if (perIp != null) {
            limits = limits.withPerIp(perIp);
        }
        if (lockMinutes != null) {
            limits = limits.withIpLock(Duration.ofMinutes(lockMinutes));
        }
        if (kline != null) {
            limits = limits.withKline(kline);
        }
        builder.limits(limits);
        for (String[] key : keys) {
            builder.key(key[0], key[1], key[2]);
        }
        return builder;
    }

    /** {@code ACCESS:SECRET} or {@code ACCESS:SECRET:perm,perm}. */
    private static String[] key(String text) {
        String[] parts = text.split(":", 3);
        if (parts.length < 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new IllegalArgumentException("--key takes ACCESS:SECRET or ACCESS:SECRET:perm,perm");
        }
        if (parts.length == 3) {
            for (String flag : parts[2].split(",")) {
                Permission.fromFlag(flag);
            }
        }
        return new String[] {parts[0], parts[1], parts.length == 3 ? parts[2] : null};
    }

    private static BigDecimal rate(String flag, String text) {
        try {
            BigDecimal rate = new BigDecimal(text);
            if (rate.signum() < 0 || rate.compareTo(BigDecimal.ONE) >= 0) {
                throw new IllegalArgumentException(flag + " takes a rate in [0, 1), e.g. 0.002: " + text);
            }
            return rate;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " takes a rate such as 0.002: " + text);
        }
    }

    private static double speed(String flag, String text) {
        if (text.equals("max")) {
            return Double.POSITIVE_INFINITY;
        }
        try {
            double speed = Double.parseDouble(text);
            if (speed > 0 && Double.isFinite(speed)) {
                return speed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(flag + " takes a positive number such as 1 or 60, or max: " + text);
    }

    private static FillModel.Kind fillModel(String flag, String text) {
        try {
            return FillModel.Kind.named(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + " takes one of " + FillModel.Kind.names() + ": " + text);
        }
    }

    private static BigDecimal share(String flag, String text) {
        try {
            BigDecimal share = new BigDecimal(text);
            if (share.signum() >= 0 && share.compareTo(BigDecimal.ONE) <= 0) {
                return share;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(flag + " takes a share from 0 to 1, e.g. 0.25: " + text);
    }

    private static String value(String[] args, int index, String flag) {
        if (index >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value (see --help)");
        }
        return args[index];
    }

    private static int intValue(String flag, String text, int min, int max) {
        long v = longValue(flag, text);
        if (v < min || v > max) {
            throw new IllegalArgumentException(flag + " must be between " + min + " and " + max + ": " + text);
        }
        return (int) v;
    }

    private static long longValue(String flag, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a whole number: " + text);
        }
    }
}
