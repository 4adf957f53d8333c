package com.camelexchange.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Counts what the log shows while passing it through unchanged: WARN and ERROR records and stack traces.
 * The benchmarks log through slf4j-simple, which writes each record as one line to {@code System.err} as it is
 * at the time of writing ({@code [thread] LEVEL logger - message}), followed by the stack trace, if any, from
 * {@code Throwable.printStackTrace}; so a tee on {@code System.err} sees every record of the component,
 * however it logs (its own loggers or Camel's exception handlers).
 */
final class LogTally extends OutputStream {
    private static final Pattern RECORD = Pattern.compile("^\\[[^\\n]*?] (WARN|ERROR) .*");
    private static LogTally installed;

    private final OutputStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private String previous = "";
    private long warnings;
    private long errors;
    private long stackTraces;

    /** WARN records, ERROR records and stack traces seen so far. */
    record Counts(long warnings, long errors, long stackTraces) {
        Counts minus(Counts before) {
            return new Counts(warnings - before.warnings, errors - before.errors, stackTraces - before.stackTraces);
        }
    }

    private LogTally(OutputStream out) {
        this.out = out;
    }

    /** Puts the tally between the logging backend and standard error, once. */
    static synchronized LogTally install() {
        if (installed == null) {
            installed = new LogTally(System.err);
            System.setErr(new PrintStream(installed, true, StandardCharsets.UTF_8));
        }
        return installed;
    }

    synchronized Counts counts() {
        return new Counts(warnings, errors, stackTraces);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        out.write(b);
        take(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        for (int i = off; i < off + len; i++) {
            take(b[i]);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    private void take(int b) {
        if (b != '\n') {
            line.write(b);
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8).stripTrailing();
        line.reset();
        var record = RECORD.matcher(text);
        if (record.matches()) {
            if (record.group(1).equals("WARN")) {
                warnings++;
            } else {
                errors++;
            }
        }
        // The first frame of a trace follows its exception's line; a cause's frames follow "Caused by:".
        if (text.startsWith("\tat ") && !previous.startsWith("\t") && !previous.startsWith("Caused by:")) {
            stackTraces++;
        }
        previous = text;
    }
}
