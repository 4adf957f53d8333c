package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.InsufficientFundsException;
import com.camelexchange.simulator.account.Wallet;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/** The checks an order passes before it is placed, with the reply codes of the real service. */
final class OrderRules {
    private static final Pattern CUSTOMER_ORDER_ID = Pattern.compile("[A-Za-z0-9]{4,36}");

    private OrderRules() {
    }

    /** Bounds, scales (3002/3003) and, in variant A, the market's minimums (3003). */
    static void validate(Variant variant, MarketSpec spec, BigDecimal price, BigDecimal amount) {
        // The bounds come first: callers of the engine need not have parsed through BoundedDecimal, and a
        // value like 1E+999999999 must be refused before anything below strips, multiplies or formats it.
        BoundedDecimal.check(price, "price", ExchangeError.INVALID_PRICE);
        BoundedDecimal.check(amount, "amount", ExchangeError.INVALID_AMOUNT);
        if (price.signum() <= 0 || price.stripTrailingZeros().scale() > spec.priceScale()) {
            throw new ExchangeError(ExchangeError.INVALID_PRICE, "Invalid price " + Echo.cut(price.toPlainString())
                    + " (positive, at most " + spec.priceScale() + " decimals)");
        }
        if (amount.signum() <= 0 || amount.stripTrailingZeros().scale() > spec.amountScale()) {
            throw new ExchangeError(ExchangeError.INVALID_AMOUNT, "Invalid amount " + Echo.cut(amount.toPlainString())
                    + " (positive, at most " + spec.amountScale() + " decimals)");
        }
        if (variant == Variant.A) {
            if (amount.compareTo(spec.minAmount()) < 0) {
                throw new ExchangeError(ExchangeError.INVALID_AMOUNT, "Amount below minAmount "
                        + spec.minAmount().toPlainString());
            }
            if (price.multiply(amount).compareTo(spec.minSize()) < 0) {
                throw new ExchangeError(ExchangeError.INVALID_AMOUNT, "Order value below minSize "
                        + spec.minSize().toPlainString());
            }
        }
    }

    /** The form of a customer order id (3005); null is no id. */
    static void checkCustomerOrderId(String cid) {
        if (cid != null && !CUSTOMER_ORDER_ID.matcher(cid).matches()) {
            throw ExchangeError.invalidArguments("customerOrderId must be 4-36 letters or digits");
        }
    }

    /** What an order freezes: a buy its value in the pricing coin, a sell its amount. */
    static BigDecimal frozenFor(Side side, BigDecimal price, BigDecimal amount) {
        return side == Side.BUY ? price.multiply(amount) : amount;
    }

    /** Freezes what an order needs, or refuses with the coin's insufficient-balance code (2001..2009). */
    static void freeze(Wallet wallet, MarketSpec spec, Side side, BigDecimal amount) {
        String coin = side == Side.BUY ? spec.quoteCoin() : spec.baseCoin();
        try {
            wallet.freeze(coin, amount);
        } catch (InsufficientFundsException e) {
            Coin c = e.coin();
            throw new ExchangeError(c.balanceErrorCode(), "Insufficient " + c.enName() + " balance");
        }
    }
}
