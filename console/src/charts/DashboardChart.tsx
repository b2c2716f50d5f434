/** The last 7 days' stakes and payouts as bars (Chart.js, loaded with the dashboard only). */
import { BarChart } from './BarChart';

export interface Day {
  date: string;
  stakes: number;
  payouts: number;
}

export default function DashboardChart({ title, days }: { title: string; days: Day[] }) {
  return (
    <BarChart
      title={title}
      labels={days.map((d) => d.date.slice(5))}
      series={[
        { label: 'Stakes', values: days.map((d) => d.stakes) },
        { label: 'Payouts', values: days.map((d) => d.payouts) },
      ]}
    />
  );
}
