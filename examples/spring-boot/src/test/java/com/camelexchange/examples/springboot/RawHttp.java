package com.camelexchange.examples.springboot;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * HTTP/1.1 over a plain loopback socket, for the clients Java's HttpClient cannot play: one that never reads
 * its answer, one that streams a body while it reads the answer.
 */
final class RawHttp implements AutoCloseable {
    private final Socket socket;

    private RawHttp(Socket socket) {
        this.socket = socket;
    }

    /**
     * Connects to the application; {@code receiveBuffer} bytes, if positive, is all the socket takes in before
     * the server has to wait for this client to read.
     */
    static RawHttp connect(int port, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.setSoTimeout((int) Duration.ofSeconds(60).toMillis());   // a hung server fails the test
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        return new RawHttp(socket);
    }

    /** Sends a request line and headers (CRLF-separated, without the final blank line). */
    RawHttp send(String head) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write((head.replace("\n", "\r\n") + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return this;
    }

    /**
     * Writes {@code size} bytes of {@code fill} as a chunked body, generated as it goes (never held), and the
     * last chunk; stops when the server closes the connection. Returns what was written.
     */
    long sendChunked(long size, byte fill) {
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, fill);
        long sent = 0;
        try {
            OutputStream out = socket.getOutputStream();
            while (sent < size) {
                int length = (int) Math.min(chunk.length, size - sent);
                out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(chunk, 0, length);
                out.write(new byte[] {'\r', '\n'});
                sent += length;
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException closedByServer) {
            // The server refused the rest: what it answered is what counts.
        }
        return sent;
    }

    /** Everything the server sends until it closes the connection (at most 64 KB). */
    String readToEnd() {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            InputStream in = socket.getInputStream();
            for (int n; answer.size() < 64 * 1024 && (n = in.read(buffer)) >= 0; ) {
                answer.write(buffer, 0, n);
            }
        } catch (IOException reset) {
            // A server that closes a connection it has not read to the end resets it: the answer came before.
        }
        return answer.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
