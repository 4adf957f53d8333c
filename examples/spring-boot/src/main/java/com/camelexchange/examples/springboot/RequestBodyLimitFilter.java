package com.camelexchange.examples.springboot;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Refuses a request body above {@code example.max-request-body} (default 16KB; an order is a few hundred
 * bytes) with 413 before anything reads it into memory. Camel's platform-http reads the whole body into one
 * array, then the route turns it into text: unchecked, a 50 MB body took about 200 MB of heap, and a few
 * such requests ran the application out of memory.
 * <ul>
 *   <li>A declared length above the limit is refused at once, unread. With {@code Expect: 100-continue}
 *       (see {@link ContinueOnRead}) the client has not even sent it.</li>
 *   <li>A chunked body (no declared length) is read here up to one byte past the limit: within it, the
 *       application reads these bytes; past it, 413, and the rest is never read.</li>
 * </ul>
 * A refusal closes the connection, so the web server does not read the rest of the body to reuse it.
 */
@Component
public class RequestBodyLimitFilter extends OncePerRequestFilter {
    private final int limit;

    public RequestBodyLimitFilter(@Value("${example.max-request-body:16KB}") DataSize limit) {
        this.limit = Math.toIntExact(limit.toBytes());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            refuse(response);
            return;
        }
        if (declared < 0 && request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            byte[] body = request.getInputStream().readNBytes(limit + 1);
            if (body.length > limit) {
                refuse(response);
                return;
            }
            chain.doFilter(new ReadBody(request, body), response);
            return;
        }
        chain.doFilter(request, response);
    }

    private void refuse(HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE);
        response.setHeader(HttpHeaders.CONNECTION, "close");
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getWriter().write(ProblemJson.of(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
                "Request body larger than " + limit + " bytes"));
    }

    /** The request with its body already read (a chunked body within the limit). */
    private static final class ReadBody extends HttpServletRequestWrapper {
        private final byte[] body;

        ReadBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body has been read already");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String charset = getCharacterEncoding();
            return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body),
                    charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset)));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
