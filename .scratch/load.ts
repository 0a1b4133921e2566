import autocannon from 'autocannon';
const seqnos = (process.env.SEQNOS ?? '').trim().split(/\s+/);
const r = await autocannon({ url: process.env.BASE!, connections: 16, duration: Number(process.env.SECS ?? 10), requests: seqnos.map((s) => ({ method: 'GET', path: `/api/v3/transactionsByMasterchainBlock?seqno=${s}&limit=100` })) });
console.log(process.env.LABEL, 'req/s', r.requests.average, 'p50', r.latency.p50, 'non2xx', r.non2xx);
