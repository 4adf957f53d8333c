package com.camelexchange.component.request;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelContextAware;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.StreamCache;
import org.apache.camel.TypeConversionException;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The text of a message body that Camel can turn into text: a String, a Reader, and whatever Camel's type
 * converters can read as bytes (byte[], InputStream, stream caches, files of camel-file and camel-ftp, and
 * the bodies of other connectors). Read bounded: an order or a batch is small, and a body beyond
 * {@link #MAX_BYTES} is refused, not read into memory.
 */
final class BodyText {
    /** 1 MiB: a batch of 20 pairs is well under a kilobyte, so anything near this is not an order. */
    static final int MAX_BYTES = 1 << 20;
    /** The bodies whose text is read, for messages. */
    static final String TEXT_FORMS = "a String, byte[], InputStream, Reader, stream cache or file";

    private BodyText() {
    }

    /**
     * The body's text, or null when Camel cannot turn the body into text. A body read once (a plain stream)
     * is replaced by its text, so a redelivery or a later step reads the same order; a stream cache is
     * reset instead.
     */
    static String of(Message message) {
        Object body = message.getBody();
        if (body instanceof String text) {
            if (text.length() > MAX_BYTES) {
                throw tooLarge();
            }
            return withoutByteOrderMark(text);
        }
        boolean oneShot = (body instanceof InputStream || body instanceof Reader) && !(body instanceof StreamCache);
        if (body instanceof StreamCache cache) {
            cache.reset();
        }
        try {
            String text = body instanceof Reader reader ? readBounded(reader) : readBytes(message, body);
            if (text != null && oneShot) {
                message.setBody(text);
            }
            return text == null ? null : withoutByteOrderMark(text);
        } finally {
            if (body instanceof StreamCache cache) {
                cache.reset();
            } else if (oneShot) {
                close((Closeable) body);
            }
        }
    }

    private static String readBytes(Message message, Object body) {
        InputStream in = bytesOf(message, body);
        if (in == null) {
            return null;
        }
        try {
            return decode(readBounded(in));
        } finally {
            // A stream the converter opened (on a file, on bytes) is ours to close; the body's own is closed or reset by of().
            if (in != body) {
                close(in);
            }
        }
    }

    /** A stream of the body's bytes from Camel's type converters, or null when there is none. */
    private static InputStream bytesOf(Message message, Object body) {
        Exchange exchange = message.getExchange();
        CamelContext context = exchange != null ? exchange.getContext()
                : message instanceof CamelContextAware aware ? aware.getCamelContext() : null;
        if (context == null) {
            return null;
        }
        try {
            return context.getTypeConverter().convertTo(InputStream.class, exchange, body);
        } catch (TypeConversionException e) {
            throw new ExchangeValidationException("body", "a " + body.getClass().getSimpleName()
                    + " could not be read: " + Echo.cut(String.valueOf(rootMessage(e)), 120));
        }
    }

    private static byte[] readBounded(InputStream in) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (out.size() + n > MAX_BYTES) {
                    throw tooLarge();
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            throw unreadable(e);
        }
        return out.toByteArray();
    }

    private static String readBounded(Reader reader) {
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[8192];
        try {
            for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
                if (out.length() + n > MAX_BYTES) {
                    throw tooLarge();
                }
                out.append(buffer, 0, n);
            }
        } catch (IOException e) {
            throw unreadable(e);
        }
        return out.toString();
    }

    /**
     * As UTF-8, the charset of JSON, strictly: bytes that are not UTF-8 are refused, not turned into
     * replacement characters inside a price.
     */
    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ExchangeValidationException("body", "is not UTF-8 text");
        }
    }

    /** A byte order mark, as some editors write at the start of a file, is no part of the JSON. */
    private static String withoutByteOrderMark(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    private static ExchangeValidationException tooLarge() {
        return new ExchangeValidationException("body", "more than " + MAX_BYTES + " bytes (1 MiB) of text; an order"
                + " or a batch of at most " + FieldRules.MAX_BATCH + " pairs is far smaller");
    }

    private static ExchangeValidationException unreadable(IOException e) {
        return new ExchangeValidationException("body", "could not be read: " + Echo.cut(String.valueOf(e.getMessage()), 120));
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    private static void close(Closeable in) {
        try {
            in.close();
        } catch (IOException e) {
            // the bytes are read; a failing close loses nothing
        }
    }
}
