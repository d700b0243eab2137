import { Link, Route, Routes, useParams } from 'react-router';
import { Statement } from '@/features/money';
import { SellerHolds } from '@/features/payouts';
import { Sellers } from '@/features/people';

function SellerStatementRoute() {
  const { sellerId = '' } = useParams();
  return (
    <>
      <p>
        <Link to="/adminPanel/sellers">← All sellers</Link>
      </p>
      {/* The seller's name and balance first, then their payout holds, then the entries. */}
      <Statement sellerId={sellerId}>
        <SellerHolds sellerId={sellerId} />
      </Statement>
    </>
  );
}

/** /adminPanel/sellers and /adminPanel/sellers/{id}/statement (that seller's payout holds and statement). */
export default function SellersPage() {
  return (
    <Routes>
      <Route index element={<Sellers />} />
      <Route path=":sellerId/statement" element={<SellerStatementRoute />} />
    </Routes>
  );
}
