import { Badge, Box, Button, Card, HStack, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { notify } from '../../components/toaster.js';
import { analyze, filterAndSort, type ImpactFilter, type Insight, type InsightSort } from './insights.js';
import type { ReportData } from './model.js';

const IMPACT_COLOR = { high: 'red', medium: 'orange', low: 'gray' } as const;

function InsightCard({ x, onViewDetails }: { x: Insight; onViewDetails: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="flex-start" gap="3">
            <Box>
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{x.title}</Text>
                <Badge colorPalette={IMPACT_COLOR[x.impact]}>{x.impact} impact</Badge>
                <Badge variant="outline">{x.category}</Badge>
              </HStack>
              <Text fontSize="sm" mt="1">
                {x.description}
              </Text>
            </Box>
            <Button size="xs" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide' : 'Details'}
            </Button>
          </HStack>
          {open && (
            <Stack gap="2" pl="1">
              {x.details.map((d) => (
                <Text key={d} fontSize="sm" color="fg.muted">
                  {d}
                </Text>
              ))}
              <HStack gap="2">
                <Button size="xs" variant="outline" onClick={onViewDetails}>
                  View Details
                </Button>
                {x.impact === 'high' && x.action && (
                  <Button size="xs" colorPalette="brand" onClick={() => notify.info(x.title, x.action)}>
                    Take Action
                  </Button>
                )}
              </HStack>
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The Analytics tab: the generated report's insights, filtered and sorted. */
export function Analytics({
  report,
  zone,
  onViewDetails,
}: {
  report: ReportData;
  zone: string;
  onViewDetails: () => void;
}) {
  const [filter, setFilter] = useState<ImpactFilter>('all');
  const [sort, setSort] = useState<InsightSort>('impact');
  const analysis = useMemo(() => analyze(report, zone), [report, zone]);
  const shown = filterAndSort(analysis.insights, filter, sort);
  return (
    <Stack gap="4">
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="2">
            <HStack justify="space-between">
              <Text fontWeight="semibold">Analysis confidence</Text>
              <Text>{analysis.confidence}%</Text>
            </HStack>
            <Progress.Root
              value={analysis.confidence}
              aria-label="Analysis confidence"
              colorPalette={analysis.confidence >= 70 ? 'green' : analysis.confidence >= 40 ? 'orange' : 'red'}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted">
              {analysis.basis}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>
      <HStack gap="3" wrap="wrap">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label="Impact"
            value={filter}
            onChange={(e) => setFilter(e.target.value as ImpactFilter)}
          >
            <option value="all">All impacts</option>
            <option value="high">High</option>
            <option value="medium">Medium</option>
            <option value="low">Low</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value as InsightSort)}>
            <option value="impact">Sort by impact</option>
            <option value="type">Sort by type</option>
            <option value="title">Sort by title</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {analysis.insights.length === 0 ? (
        <Text color="fg.muted">No insights available for this report.</Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">No insights match the current filter.</Text>
      ) : (
        <Stack gap="3">
          {shown.map((x) => (
            <InsightCard key={x.id} x={x} onViewDetails={onViewDetails} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
