package com.camelexchange.simulator;

import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar exchange-simulator.jar --port 0 --variant A --seed 42 --key AK:SK}: runs the
 * simulator until the process is killed.
 */
public final class ExchangeSimulatorMain {
    private ExchangeSimulatorMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ExchangeSimulator.Builder builder;
        try {
            builder = SimulatorCommandLine.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("exchange-simulator: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (builder == null) {
            System.out.print(SimulatorCommandLine.USAGE);
            return;
        }
        ExchangeSimulator simulator = builder.build().start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            simulator.stop();
            stopped.countDown();
        }, "exchange-simulator-shutdown"));
        // The one line scripts and tests wait for: printed only once connections are accepted.
        System.out.println("exchange-simulator listening on " + simulator.baseUrl());
        System.out.flush();
        stopped.await();
    }
}
