export {
  chargedCents,
  OrdersService,
  type NewOrderLine,
  type OpenOrder,
  type Order,
  type OrderLine,
  type SoldOrder,
  type SoldOrderInput,
} from './orders.service.js';
export {
  boughtBy,
  LICENCE_LINE_KINDS,
  sellsLicence,
  paidLinesWithoutSaleEntries,
  reskinQuotedWith,
  soldLicenceLines,
  soldLines,
  soldOrders,
  soldRefundableLines,
  type LineAtSale,
  SOLD_ORDER_STATUSES,
  unitsSoldBy,
} from './orders.repository.js';
