package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.CoinBalance;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.model.WithdrawStatus;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The shapes of the signed trading and account replies, and the model each of them makes. */
final class TradingReplies {
    private TradingReplies() {
    }

    /** {@code order}: the new order's number, beside the reply's code. */
    record Placed(String id, Integer code, String message) {
        Placed {
            ReplyFields.orderId(id, "id");
        }
    }

    /** {@code orderMoreV2}: the new orders' numbers, in the order of the pairs sent. */
    record PlacedBatch(List<String> data, Integer code, String message) {
        PlacedBatch {
            Required.field(data, "data");
            for (int i = 0; i < data.size(); i++) {
                ReplyFields.orderId(data.get(i), "data[" + i + "]");
            }
        }
    }

    /** A reply that carries nothing but its code and message (a cancel). */
    record Acknowledged(Integer code, String message) {
    }

    /**
     * An order record. {@code currency} is the market in variant A and the trade coin in variant B;
     * {@code type} 1 is buy, 0 sell; {@code trade_date} in milliseconds; {@code trade_price} only in variant B.
     */
    record OrderRecord(String id, String currency, BigDecimal price, Integer status,
                       @JsonProperty("total_amount") BigDecimal totalAmount,
                       @JsonProperty("trade_amount") BigDecimal tradeAmount,
                       @JsonProperty("trade_money") BigDecimal tradeMoney,
                       @JsonProperty("trade_price") BigDecimal tradePrice,
                       @JsonProperty("trade_date") @JsonDeserialize(using = EpochTime.Millis.class) Instant tradeDate,
                       Integer type) {
        OrderRecord {
            ReplyFields.orderId(id, "id");
            ReplyFields.name(currency, "currency");
            ReplyFields.positive(price, "price");
            ReplyFields.within(status, "status", 0, 3);
            ReplyFields.positive(totalAmount, "total_amount");
            ReplyFields.notNegative(tradeAmount, "trade_amount");
            if (tradeAmount.compareTo(totalAmount) > 0) {
                throw new ReplyFields.BadFieldException("trade_amount", "is more than total_amount");
            }
            ReplyFields.notNegative(tradeMoney, "trade_money");
            ReplyFields.notNegativeIfSent(tradePrice, "trade_price");
            Required.field(tradeDate, "trade_date");
            ReplyFields.within(type, "type", 0, 1);
        }

        /** @param variantA decides what the status value means */
        Order order(boolean variantA) {
            return new Order(id, currency, type == 1 ? OrderSide.BUY : OrderSide.SELL, price, totalAmount,
                    tradeAmount, tradeMoney, tradePrice, tradeDate, status,
                    OrderStatus.of(variantA, status, totalAmount, tradeAmount));
        }
    }

    /** {@code getAccountInfo}: balances and user data under {@code result}, the key's permissions beside it. */
    record AccountReply(AccountResult result, boolean assetPerm, boolean entrustPerm, boolean moneyPerm,
                        boolean leverPerm) {
        AccountReply {
            Required.field(result, "result");
        }

        AccountInfo accountInfo() {
            List<CoinBalance> coins = new ArrayList<>(result.coins().size());
            for (CoinRecord c : result.coins()) {
                String enName = c.enName() != null ? c.enName() : c.ename();
                coins.add(new CoinBalance(c.key(), enName, c.cnName(), c.showName() != null ? c.showName() : enName,
                        c.unitTag(), c.unitDecimal(), c.fundstype(), c.available(), c.freez(), c.isCanRecharge(),
                        c.isCanWithdraw(), c.canLoan()));
            }
            BaseRecord base = result.base() != null ? result.base() : new BaseRecord(null, false, false, false);
            return new AccountInfo(coins, base.username(), base.tradePasswordEnabled(), base.authGoogleEnabled(),
                    base.authMobileEnabled(), assetPerm, entrustPerm, moneyPerm, leverPerm);
        }
    }

    record AccountResult(List<CoinRecord> coins, BaseRecord base) {
        AccountResult {
            Required.field(coins, "coins");
        }
    }

    /** One coin of an account; the English name is written {@code enName} or {@code ename}. */
    record CoinRecord(String key, String enName, String ename, String cnName, String showName, String unitTag,
                      int unitDecimal, int fundstype, BigDecimal available, BigDecimal freez, boolean isCanRecharge,
                      boolean isCanWithdraw, boolean canLoan) {
        CoinRecord {
            ReplyFields.name(key, "key");
            ReplyFields.text(enName, "enName");
            ReplyFields.text(ename, "ename");
            ReplyFields.text(cnName, "cnName");
            ReplyFields.text(showName, "showName");
            ReplyFields.text(unitTag, "unitTag");
            ReplyFields.within(unitDecimal, "unitDecimal", 0, MarketReplies.MAX_MARKET_SCALE);
            ReplyFields.notNegative(available, "available");
            ReplyFields.notNegative(freez, "freez");
        }
    }

    record BaseRecord(String username, @JsonProperty("trade_password_enabled") boolean tradePasswordEnabled,
                      @JsonProperty("auth_google_enabled") boolean authGoogleEnabled,
                      @JsonProperty("auth_mobile_enabled") boolean authMobileEnabled) {
        BaseRecord {
            ReplyFields.text(username, "username");
        }
    }

    /**
     * Address and withdrawal-record replies wrap their data as
     * {@code {"code":1000,"message":{"des":"success","isSuc":true,"datas":{...}}}}.
     */
    record Wrapped<T>(Datas<T> message, Integer code) {
        Wrapped {
            Required.field(message, "message");
        }
    }

    /** {@code isSuc} says whether the call succeeded, {@code des} why not. */
    record Datas<T>(T datas, Boolean isSuc, String des) {
        Datas {
            Required.field(datas, "datas");
        }
    }

    /** The data of an address reply: the address is {@code key}. */
    record AddressData(String key) {
        AddressData {
            Required.field(key, "key");
            if (key.isBlank()) {
                throw new ReplyFields.BadFieldException("key", "is blank");
            }
            ReplyFields.text(key, "key");
        }
    }

    /** A page of withdrawal records. */
    record WithdrawData(Records<WithdrawRow> list, int pageIndex, int pageSize, int totalCount, int totalPage) {
        WithdrawData {
            Required.field(list, "list");
            ReplyFields.within(pageIndex, "pageIndex", 0, Integer.MAX_VALUE);
            ReplyFields.within(pageSize, "pageSize", 0, Integer.MAX_VALUE);
            ReplyFields.within(totalCount, "totalCount", 0, Integer.MAX_VALUE);
            ReplyFields.within(totalPage, "totalPage", 0, Integer.MAX_VALUE);
        }
    }

    /** One withdrawal; {@code manageTime} is 0 while it is not processed. Times in milliseconds. */
    record WithdrawRow(Long id, BigDecimal amount, BigDecimal fees,
                       @JsonDeserialize(using = EpochTime.Millis.class) Instant submitTime, long manageTime,
                       Integer status, String toAddress) {
        WithdrawRow {
            ReplyFields.id(id, "id");
            ReplyFields.positive(amount, "amount");
            ReplyFields.notNegative(fees, "fees");
            Required.field(submitTime, "submitTime");
            if (manageTime != 0) {
                String problem = ReplyFields.dateProblem(manageTime);
                if (problem != null || manageTime < submitTime.toEpochMilli()) {
                    throw new ReplyFields.BadFieldException("manageTime", manageTime + " is not a time the exchange"
                            + " can mean (" + (problem != null ? problem : "before submitTime") + ")");
                }
            }
            ReplyFields.oneOf(status, "status", 0, 1, 2, 3, 5);
            ReplyFields.text(toAddress, "toAddress");
        }

        WithdrawRecord record() {
            return new WithdrawRecord(id, amount, fees, submitTime,
                    manageTime == 0 ? null : Instant.ofEpochMilli(manageTime), status, WithdrawStatus.of(status),
                    toAddress);
        }
    }
}
